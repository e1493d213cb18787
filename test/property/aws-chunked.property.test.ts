/**
 * aws-chunked framing under hostile input (issue 12): decoding a valid stream is independent of
 * how the network splits it; a mutated stream (sizes changed, lines dropped or repeated, bytes
 * inserted, cut short) decodes or fails with a 4xx S3 error; a signed stream never yields
 * altered data. Over HTTP, signed streaming PUTs with mutated bodies never get a 5xx, and a PUT
 * that succeeds stored exactly the bytes that were signed.
 */
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { decodeAwsChunked } from '../../src/server/body/aws-chunked.js'
import {
  computeSignature,
  createChunkStringToSign,
  createCredentialScope,
  createTrailerStringToSign,
  deriveSigningKey,
  formatAmzDate,
  signRequest,
} from '../../src/shared/sigv4/index.js'
import { s3, send } from '../server/helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { expectNoServerError, parseOrClientErrorAsync } from './helpers/client-error.js'
import { mutationOf } from './helpers/mutate.js'

const sha256 = (d: Buffer | string) => createHash('sha256').update(d).digest('hex')

interface Signing {
  key: Uint8Array
  amzDate: string
  scope: string
  seedSignature: string
}

const AMZ_DATE = '20130524T000000Z'
const SIGNING: Signing = {
  key: deriveSigningKey(nodeCrypto, 'secret', AMZ_DATE.slice(0, 8), 'us-east-1'),
  amzDate: AMZ_DATE,
  scope: createCredentialScope(AMZ_DATE.slice(0, 8), 'us-east-1'),
  seedSignature: 'a'.repeat(64),
}

/** Encodes `chunks` (then the final empty chunk and the trailer lines) as an aws-chunked body. */
function encode(chunks: Buffer[], signing?: Signing, trailers: Array<[string, string]> = []): Buffer {
  let previous = signing?.seedSignature ?? ''
  const parts: Buffer[] = []
  for (const chunk of [...chunks, Buffer.alloc(0)]) {
    let ext = ''
    if (signing) {
      const sts = createChunkStringToSign(signing.amzDate, signing.scope, previous, sha256(chunk))
      previous = computeSignature(nodeCrypto, signing.key, sts)
      ext = `;chunk-signature=${previous}`
    }
    parts.push(Buffer.from(`${chunk.length.toString(16)}${ext}\r\n`), chunk)
    if (chunk.length > 0) parts.push(Buffer.from('\r\n'))
  }
  const lines = trailers.map(([n, v]) => `${n}:${v}\n`).join('')
  for (const [n, v] of trailers) parts.push(Buffer.from(`${n}:${v}\r\n`))
  if (signing && trailers.length > 0) {
    const sts = createTrailerStringToSign(signing.amzDate, signing.scope, previous, sha256(lines))
    parts.push(Buffer.from(`x-amz-trailer-signature:${computeSignature(nodeCrypto, signing.key, sts)}\r\n`))
  }
  parts.push(Buffer.from('\r\n'))
  return Buffer.concat(parts)
}

/** `body` cut at the given fractions, as the network might deliver it. */
function split(body: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((f) => Math.floor(f * body.length)))].sort((a, b) => a - b)
  const pieces: Buffer[] = []
  let start = 0
  for (const end of [...at, body.length]) {
    if (end > start) pieces.push(body.subarray(start, end))
    start = Math.max(start, end)
  }
  return pieces
}

async function decode(pieces: Buffer[], signing?: Signing) {
  const data: Buffer[] = []
  let trailers: Map<string, string> | undefined
  const options = {
    ...(signing ? { signing: { ...signing, crypto: nodeCrypto } } : {}),
    onTrailers: (t: Map<string, string>) => (trailers = t),
  }
  async function* source() {
    yield* pieces
  }
  for await (const d of decodeAwsChunked(source(), options)) data.push(Buffer.from(d))
  return { data: Buffer.concat(data), trailers }
}

const chunkList = fc.array(fc.uint8Array({ minLength: 1, maxLength: 300 }).map(Buffer.from), { maxLength: 5 })
const cutList = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 })
// Distinct names: a trailer is a header block, where a repeated name is no longer one value.
const trailerList = fc.uniqueArray(
  fc.tuple(fc.stringMatching(/^x-amz-[a-z0-9-]{1,12}$/), fc.stringMatching(/^[A-Za-z0-9+/=]{0,20}$/)),
  { maxLength: 2, selector: ([name]) => name },
)
const latin1 = (b: Buffer) => b.toString('latin1')

describe('aws-chunked decoding (unit)', () => {
  it('a valid stream, signed or not, decodes to its data however the network splits it', async () => {
    await fc.assert(
      fc.asyncProperty(
        chunkList,
        cutList,
        trailerList,
        fc.boolean(),
        async (chunks, cuts, trailers, signed) => {
          const signing = signed ? SIGNING : undefined
          const body = encode(chunks, signing, trailers)
          const out = await decode(split(body, cuts), signing)
          expect(out.data.equals(Buffer.concat(chunks))).toBe(true)
          for (const [n, v] of trailers) expect(out.trailers?.get(n)).toBe(v)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a mutated unsigned stream decodes or fails with a 4xx S3 error', async () => {
    const valid = fc.tuple(chunkList, trailerList).map(([c, t]) => latin1(encode(c, undefined, t)))
    await fc.assert(
      fc.asyncProperty(
        valid.chain((v) => mutationOf(v)),
        cutList,
        async (text, cuts) => {
          await parseOrClientErrorAsync(() => decode(split(Buffer.from(text, 'latin1'), cuts)))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a mutated signed stream fails with a 4xx S3 error, or decodes to exactly the signed data and trailer', async () => {
    const arb = fc.tuple(chunkList, fc.boolean()).chain(([chunks, withTrailer]) => {
      const trailers: Array<[string, string]> = withTrailer ? [['x-amz-checksum-crc32', 'AAAAAA==']] : []
      const valid = latin1(encode(chunks, SIGNING, trailers))
      return fc.tuple(fc.constant({ chunks, trailers }), mutationOf(valid), cutList)
    })
    await fc.assert(
      fc.asyncProperty(arb, async ([{ chunks, trailers }, text, cuts]) => {
        const out = await parseOrClientErrorAsync(() =>
          decode(split(Buffer.from(text, 'latin1'), cuts), SIGNING),
        )
        if (!out) return
        expect(out.data.equals(Buffer.concat(chunks))).toBe(true)
        // A trailer line is believed only under its signature (issue 12, defect 8).
        const believed = [...(out.trailers ?? [])].filter(([name]) => name !== 'x-amz-trailer-signature')
        expect(believed).toEqual(trailers)
      }),
      { numRuns: 300 },
    )
  })

  it('a signed stream whose trailer lines are dropped, changed or added fails with a 4xx S3 error', async () => {
    const line = fc.tuple(
      fc.constantFrom('x-amz-checksum-crc32', 'x-amz-checksum-sha256', 'x-amz-meta-a'),
      fc.stringMatching(/^[A-Za-z0-9+/=]{0,12}$/),
    )
    const tamper = fc.record({
      dropSignature: fc.boolean(),
      replace: fc.option(line, { nil: undefined }),
      add: fc.option(line, { nil: undefined }),
    })
    await fc.assert(
      fc.asyncProperty(chunkList, fc.boolean(), tamper, async (chunks, withTrailer, t) => {
        const trailers: Array<[string, string]> = withTrailer ? [['x-amz-checksum-crc32', 'AAAAAA==']] : []
        const lines = latin1(encode(chunks, SIGNING, trailers)).split('\r\n')
        // lines: ...chunk lines, '0;chunk-signature=…', trailer lines, signature line, '', ''
        const end = lines.length - 2
        const signatureAt = withTrailer ? end - 1 : -1
        const tail = lines.slice(0, withTrailer ? end - 2 : end)
        const trailer = withTrailer ? [lines[end - 2]!] : []
        if (t.replace) trailer[0] = `${t.replace[0]}:${t.replace[1]}`
        if (t.add) trailer.push(`${t.add[0]}:${t.add[1]}`)
        const signature = signatureAt !== -1 && !t.dropSignature ? [lines[signatureAt]!] : []
        const text = [...tail, ...trailer, ...signature, '', ''].join('\r\n')
        const unchanged = text === lines.join('\r\n')
        const out = await parseOrClientErrorAsync(() => decode([Buffer.from(text, 'latin1')], SIGNING))
        expect(out !== undefined).toBe(unchanged)
      }),
      { numRuns: 300 },
    )
  })

  it('hostile size lines (huge, negative, hex overflow, extensions) fail with a 4xx S3 error or decode', async () => {
    const sizeLine = fc.oneof(
      fc.constantFrom(
        'ffffffffffffffff',
        '7fffffffffffffff',
        '-1',
        '1e3',
        '0x10',
        ' 1',
        '1 ',
        '',
        ';',
        '1;',
        '1;a=b',
      ),
      fc.stringMatching(/^[0-9a-fA-F]{1,20}(;[ -~]{0,30})?$/),
    )
    await fc.assert(
      fc.asyncProperty(sizeLine, fc.uint8Array({ maxLength: 64 }), async (line, rest) => {
        const body = Buffer.concat([Buffer.from(`${line}\r\n`), rest, Buffer.from('\r\n0\r\n\r\n')])
        await parseOrClientErrorAsync(() => decode([body]))
      }),
      { numRuns: 300 },
    )
  })
})

describe('aws-chunked PUTs over HTTP (server)', () => {
  let server: TestServer
  const BUCKET = '/chunked-property'

  beforeAll(async () => {
    server = await startTestServer()
    expect((await s3(server.url, 'PUT', BUCKET)).status).toBe(200)
  })
  afterAll(() => server.stop())

  /** Signs a streaming PUT of `chunks`; returns its headers and its valid encoded body. */
  type Mode = 'signed' | 'signed-trailer' | 'unsigned-trailer'
  const PAYLOAD: Record<Mode, string> = {
    signed: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
    'signed-trailer': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER',
    'unsigned-trailer': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
  }

  function signedStream(path: string, chunks: Buffer[], mode: Mode) {
    const date = new Date()
    const decoded = chunks.reduce((n, c) => n + c.length, 0)
    const headers: Record<string, string> = {
      host: new URL(server.url).host,
      'x-amz-date': formatAmzDate(date),
      'x-amz-content-sha256': PAYLOAD[mode],
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': String(decoded),
    }
    if (mode !== 'signed') headers['x-amz-trailer'] = 'x-amz-checksum-sha256'
    const seed = signRequest(
      nodeCrypto,
      { method: 'PUT', path, headers },
      { ...ROOT, region: 'us-east-1', date },
    )
    const signing =
      mode !== 'unsigned-trailer'
        ? {
            key: deriveSigningKey(nodeCrypto, ROOT.secretKey, seed.amzDate.slice(0, 8), 'us-east-1'),
            amzDate: seed.amzDate,
            scope: seed.scope,
            seedSignature: seed.signature,
          }
        : undefined
    const sum = createHash('sha256').update(Buffer.concat(chunks)).digest('base64')
    const trailers: Array<[string, string]> = mode === 'signed' ? [] : [['x-amz-checksum-sha256', sum]]
    return {
      headers: { ...headers, authorization: seed.authorization },
      body: encode(chunks, signing, trailers),
    }
  }

  const smallChunks = fc.array(fc.uint8Array({ minLength: 1, maxLength: 200 }).map(Buffer.from), {
    minLength: 1,
    maxLength: 3,
  })
  let n = 0

  it('the unmutated streams are stored (the mutations below start from valid requests)', async () => {
    for (const mode of ['signed', 'signed-trailer', 'unsigned-trailer'] as const) {
      const path = `${BUCKET}/valid-${mode}`
      const { headers, body } = signedStream(path, [Buffer.from('hello')], mode)
      const res = await send(
        new URL(path, server.url),
        'PUT',
        { ...headers, 'content-length': String(body.length) },
        body,
      )
      expect(res.status).toBe(200)
    }
  })

  it('a signed streaming PUT with a mutated body never gets a 5xx; a 200 stored exactly the signed data', async () => {
    const arb = fc
      .tuple(smallChunks, fc.constantFrom<Mode>('signed', 'signed-trailer', 'unsigned-trailer'))
      .chain(([chunks, mode]) => {
        const path = `${BUCKET}/k${n++}`
        const valid = signedStream(path, chunks, mode)
        return fc.tuple(fc.constant({ path, chunks, headers: valid.headers }), mutationOf(latin1(valid.body)))
      })
    await fc.assert(
      fc.asyncProperty(arb, async ([{ path, chunks, headers }, text]) => {
        const body = Buffer.from(text, 'latin1')
        const url = new URL(path, server.url)
        const res = await send(url, 'PUT', { ...headers, 'content-length': String(body.length) }, body)
        expectNoServerError(res)
        if (res.status === 200) {
          const got = await s3(server.url, 'GET', path)
          expect(got.body.equals(Buffer.concat(chunks))).toBe(true)
        }
      }),
      { numRuns: 120 },
    )
  })

  it('a signed streaming PUT with a hostile x-amz-decoded-content-length never gets a 5xx', async () => {
    const length = fc.oneof(
      fc.constantFrom('', '-1', '1e3', '99999999999999999999', '0x10', ' 5', '5 ', '4', '6', '0'),
      fc.stringMatching(/^[0-9]{1,25}$/),
    )
    await fc.assert(
      fc.asyncProperty(length, async (decoded) => {
        const path = `${BUCKET}/len${n++}`
        const { headers, body } = signedStream(path, [Buffer.from('hello')], 'signed')
        // Re-signed with the hostile value, so the request reaches the body decoder.
        const date = new Date()
        const h: Record<string, string> = {
          ...headers,
          'x-amz-date': formatAmzDate(date),
          'x-amz-decoded-content-length': decoded,
        }
        delete h.authorization
        const seed = signRequest(
          nodeCrypto,
          { method: 'PUT', path, headers: h },
          { ...ROOT, region: 'us-east-1', date },
        )
        const signing = {
          key: deriveSigningKey(nodeCrypto, ROOT.secretKey, seed.amzDate.slice(0, 8), 'us-east-1'),
          amzDate: seed.amzDate,
          scope: seed.scope,
          seedSignature: seed.signature,
        }
        const resigned = encode([Buffer.from('hello')], signing)
        expect(body.length).toBe(resigned.length)
        const res = await send(
          new URL(path, server.url),
          'PUT',
          { ...h, authorization: seed.authorization, 'content-length': String(resigned.length) },
          resigned,
        )
        expectNoServerError(res)
        if (res.status === 200) expect(Number(decoded)).toBe(5)
      }),
      { numRuns: 60 },
    )
  })
})
