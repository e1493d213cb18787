import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import wabtInit from 'wabt'
import { GF256_WASM_BASE64 } from '../../../../../src/server/storage/erasure/codec/gf256-wasm.js'

const WAT = new URL('../../../../../src/server/storage/erasure/codec/gf256.wat', import.meta.url)

describe('gf256-wasm.ts', () => {
  it('holds exactly what gf256.wat compiles to (run npm run build:wasm after editing the WAT)', async () => {
    // The same compile as scripts/build-wasm.mjs: wabt with SIMD, no names section.
    const wabt = await wabtInit()
    const module = wabt.parseWat('gf256.wat', readFileSync(WAT, 'utf8'), { simd: true })
    try {
      module.validate()
      const fresh = Buffer.from(module.toBinary({ log: false, write_debug_names: false }).buffer)
      expect(Buffer.from(GF256_WASM_BASE64, 'base64').equals(fresh)).toBe(true)
    } finally {
      module.destroy()
    }
  })

  it('is a module this runtime accepts, with the kernels the coder calls', () => {
    const module = new WebAssembly.Module(Buffer.from(GF256_WASM_BASE64, 'base64'))
    expect(
      WebAssembly.Module.exports(module)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['memory', 'mulxor1', 'mulxor2', 'mulxor4'])
  })
})
