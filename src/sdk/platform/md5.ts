/**
 * MD5 in plain JavaScript (RFC 1321) for runtimes without node:crypto. S3 needs it for the
 * Content-MD5 of multipart parts and DeleteObjects bodies; WebCrypto has no MD5.
 */

// Per-round shift amounts and the sine-derived constants of RFC 1321 §3.4.
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0)

/**
 * The 16-byte MD5 digest of `data`.
 * @example
 * md5(new TextEncoder().encode('abc')) // Uint8Array [0x90, 0x01, 0x50, 0x98, ...]
 */
export function md5(data: Uint8Array): Uint8Array {
  const padded = pad(data)
  const view = new DataView(padded.buffer)
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]
  const words = new Uint32Array(16)
  for (let offset = 0; offset < padded.byteLength; offset += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(offset + i * 4, true)
    compress(state, words)
  }
  const out = new Uint8Array(16)
  const outView = new DataView(out.buffer)
  for (let i = 0; i < 4; i++) outView.setUint32(i * 4, state[i]!, true)
  return out
}

function pad(data: Uint8Array): Uint8Array {
  const length = (((data.byteLength + 8) >> 6) + 1) * 64
  const padded = new Uint8Array(length)
  padded.set(data)
  padded[data.byteLength] = 0x80
  const view = new DataView(padded.buffer)
  const bits = data.byteLength * 8
  view.setUint32(length - 8, bits >>> 0, true)
  view.setUint32(length - 4, Math.floor(bits / 2 ** 32), true)
  return padded
}

function compress(state: number[], words: Uint32Array): void {
  let [a, b, c, d] = state as [number, number, number, number]
  for (let i = 0; i < 64; i++) {
    let f: number
    let g: number
    if (i < 16) [f, g] = [(b & c) | (~b & d), i]
    else if (i < 32) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16]
    else if (i < 48) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16]
    else [f, g] = [c ^ (b | ~d), (7 * i) % 16]
    const sum = (a + f + K[i]! + words[g]!) >>> 0
    const shift = SHIFTS[(i >> 4) * 4 + (i % 4)]!
    ;[a, d, c] = [d, c, b]
    b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0
  }
  state[0] = (state[0]! + a) >>> 0
  state[1] = (state[1]! + b) >>> 0
  state[2] = (state[2]! + c) >>> 0
  state[3] = (state[3]! + d) >>> 0
}
