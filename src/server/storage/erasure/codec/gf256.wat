;; GF(2^8) multiply-accumulate kernels for the Reed-Solomon codec (see docs/storage.md,
;; "Reed-Solomon codec"). Built into gf256-wasm.ts by scripts/build-wasm.mjs (npm run build:wasm).
;;
;; Each kernel computes, for a group of K outputs (K = 4, 2 or 1),
;;   out[o][p] = XOR over inputs i of  c[o][i] * in[i][p]
;; 16 bytes at a time with the nibble-table trick of ISA-L and klauspost/reedsolomon's SSSE3
;; path: c * x = LOW_c[x & 15] ^ HIGH_c[x >> 4], each table lookup one i8x16.swizzle.
;;
;; Memory layout (the caller writes everything; nothing here allocates):
;;   tables: per input i, per output o of the group, 32 bytes: LOW_c (16) then HIGH_c (16)
;;   inputs: `inputs` buffers, `stride` bytes apart, starting at `src`
;;   outputs: K buffers, `stride` bytes apart, starting at `dst`
;; `len` must be a multiple of 16: the caller pads buffers, and the padding's bytes only ever
;; reach padding bytes of the outputs (the field works byte by byte).
;;
;; Loop order: position outer, inputs inner, so the K accumulators stay in registers and each
;; output is written once per 16 bytes (rather than read and written once per input).
(module
  (memory (export "memory") 1)

  (func $mulxor4 (export "mulxor4")
    (param $tables i32) (param $src i32) (param $dst i32) (param $stride i32)
    (param $inputs i32) (param $len i32)
    (local $p i32) (local $i i32) (local $in i32) (local $t i32)
    (local $mask v128) (local $v v128) (local $lo v128) (local $hi v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local.set $mask (i8x16.splat (i32.const 0x0f)))
    (if (i32.eqz (local.get $len)) (then (return)))
    (loop $positions
      (local.set $a0 (v128.const i64x2 0 0))
      (local.set $a1 (v128.const i64x2 0 0))
      (local.set $a2 (v128.const i64x2 0 0))
      (local.set $a3 (v128.const i64x2 0 0))
      (local.set $in (i32.add (local.get $src) (local.get $p)))
      (local.set $t (local.get $tables))
      (local.set $i (local.get $inputs))
      (loop $each_input
        (local.set $v (v128.load (local.get $in)))
        (local.set $lo (v128.and (local.get $v) (local.get $mask)))
        (local.set $hi (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $mask)))
        (local.set $a0 (v128.xor (local.get $a0) (v128.xor
          (i8x16.swizzle (v128.load offset=0 (local.get $t)) (local.get $lo))
          (i8x16.swizzle (v128.load offset=16 (local.get $t)) (local.get $hi)))))
        (local.set $a1 (v128.xor (local.get $a1) (v128.xor
          (i8x16.swizzle (v128.load offset=32 (local.get $t)) (local.get $lo))
          (i8x16.swizzle (v128.load offset=48 (local.get $t)) (local.get $hi)))))
        (local.set $a2 (v128.xor (local.get $a2) (v128.xor
          (i8x16.swizzle (v128.load offset=64 (local.get $t)) (local.get $lo))
          (i8x16.swizzle (v128.load offset=80 (local.get $t)) (local.get $hi)))))
        (local.set $a3 (v128.xor (local.get $a3) (v128.xor
          (i8x16.swizzle (v128.load offset=96 (local.get $t)) (local.get $lo))
          (i8x16.swizzle (v128.load offset=112 (local.get $t)) (local.get $hi)))))
        (local.set $in (i32.add (local.get $in) (local.get $stride)))
        (local.set $t (i32.add (local.get $t) (i32.const 128)))
        (br_if $each_input (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))
      (local.set $in (i32.add (local.get $dst) (local.get $p)))
      (v128.store (local.get $in) (local.get $a0))
      (local.set $in (i32.add (local.get $in) (local.get $stride)))
      (v128.store (local.get $in) (local.get $a1))
      (local.set $in (i32.add (local.get $in) (local.get $stride)))
      (v128.store (local.get $in) (local.get $a2))
      (local.set $in (i32.add (local.get $in) (local.get $stride)))
      (v128.store (local.get $in) (local.get $a3))
      (br_if $positions (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 16))) (local.get $len)))))

  (func $mulxor2 (export "mulxor2")
    (param $tables i32) (param $src i32) (param $dst i32) (param $stride i32)
    (param $inputs i32) (param $len i32)
    (local $p i32) (local $i i32) (local $in i32) (local $t i32)
    (local $mask v128) (local $v v128) (local $lo v128) (local $hi v128)
    (local $a0 v128) (local $a1 v128)
    (local.set $mask (i8x16.splat (i32.const 0x0f)))
    (if (i32.eqz (local.get $len)) (then (return)))
    (loop $positions
      (local.set $a0 (v128.const i64x2 0 0))
      (local.set $a1 (v128.const i64x2 0 0))
      (local.set $in (i32.add (local.get $src) (local.get $p)))
      (local.set $t (local.get $tables))
      (local.set $i (local.get $inputs))
      (loop $each_input
        (local.set $v (v128.load (local.get $in)))
        (local.set $lo (v128.and (local.get $v) (local.get $mask)))
        (local.set $hi (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $mask)))
        (local.set $a0 (v128.xor (local.get $a0) (v128.xor
          (i8x16.swizzle (v128.load offset=0 (local.get $t)) (local.get $lo))
          (i8x16.swizzle (v128.load offset=16 (local.get $t)) (local.get $hi)))))
        (local.set $a1 (v128.xor (local.get $a1) (v128.xor
          (i8x16.swizzle (v128.load offset=32 (local.get $t)) (local.get $lo))
          (i8x16.swizzle (v128.load offset=48 (local.get $t)) (local.get $hi)))))
        (local.set $in (i32.add (local.get $in) (local.get $stride)))
        (local.set $t (i32.add (local.get $t) (i32.const 64)))
        (br_if $each_input (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))
      (local.set $in (i32.add (local.get $dst) (local.get $p)))
      (v128.store (local.get $in) (local.get $a0))
      (v128.store (i32.add (local.get $in) (local.get $stride)) (local.get $a1))
      (br_if $positions (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 16))) (local.get $len)))))

  (func $mulxor1 (export "mulxor1")
    (param $tables i32) (param $src i32) (param $dst i32) (param $stride i32)
    (param $inputs i32) (param $len i32)
    (local $p i32) (local $i i32) (local $in i32) (local $t i32)
    (local $mask v128) (local $v v128) (local $a0 v128)
    (local.set $mask (i8x16.splat (i32.const 0x0f)))
    (if (i32.eqz (local.get $len)) (then (return)))
    (loop $positions
      (local.set $a0 (v128.const i64x2 0 0))
      (local.set $in (i32.add (local.get $src) (local.get $p)))
      (local.set $t (local.get $tables))
      (local.set $i (local.get $inputs))
      (loop $each_input
        (local.set $v (v128.load (local.get $in)))
        (local.set $a0 (v128.xor (local.get $a0) (v128.xor
          (i8x16.swizzle (v128.load offset=0 (local.get $t))
            (v128.and (local.get $v) (local.get $mask)))
          (i8x16.swizzle (v128.load offset=16 (local.get $t))
            (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $mask))))))
        (local.set $in (i32.add (local.get $in) (local.get $stride)))
        (local.set $t (i32.add (local.get $t) (i32.const 32)))
        (br_if $each_input (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))
      (v128.store (i32.add (local.get $dst) (local.get $p)) (local.get $a0))
      (br_if $positions (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 16))) (local.get $len))))))
