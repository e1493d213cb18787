// Per-request cost of SigV4 header signing in the SDK: its own signer (src/sdk/transport/signer.ts,
// the pure steps of src/shared/sigv4) against @smithy/signature-v4 through its public API and
// smithy with its private members patched (what the SDK shipped before issue 13), each with
// node:crypto (Node) and with @aws-crypto/sha256-js (what browsers sign with), in one run.
// The SDK's signer is bundled from src/ with esbuild, so no build is needed.
// Run alone: node bench/scenarios/sdk-signing.mjs
import { pathToFileURL } from 'node:url'
import { Sha256 } from '@aws-crypto/sha256-js'
import { bundleSource } from '../lib/bundle-source.mjs'
import { createPatchedSmithySigner, createPublicSmithySigner } from '../lib/smithy-signers.mjs'
import { median, spread } from '../lib/stats.mjs'
import { renderTable } from '../lib/table.mjs'

const CREDENTIALS = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
}
const BATCH = 200

/**
 * The SDK's signer and the platforms' hashing, bundled from src/ into a temporary folder inside
 * node_modules/.cache, so its packages resolve as the SDK's do.
 */
async function loadSdkSigner() {
  const file = await bundleSource('signer', [
    { names: 'createSigner', from: 'sdk/transport/signer.ts' },
    { names: 'NodeSha256, nodeSigV4Crypto', from: 'sdk/platform/node-hash.ts' },
    { names: 'jsSigV4Crypto', from: 'sdk/platform/js-sigv4-crypto.ts' },
  ])
  return import(pathToFileURL(file).href)
}

async function contestants() {
  const sdk = await loadSdkSigner()
  const hashes = [
    { hash: 'node:crypto', crypto: sdk.nodeSigV4Crypto, Sha256: sdk.NodeSha256 },
    { hash: '@aws-crypto/sha256-js', crypto: sdk.jsSigV4Crypto, Sha256 },
  ]
  return hashes.flatMap(({ hash, crypto, Sha256: Hash }) => [
    { label: 'SDK signer (shared/sigv4)', hash, sign: sdk.createSigner(CREDENTIALS, crypto) },
    { label: 'smithy, public API', hash, sign: createPublicSmithySigner(CREDENTIALS, Hash) },
    {
      label: 'smithy, patched (before)',
      hash,
      sign: createPatchedSmithySigner(CREDENTIALS, Hash),
      before: true,
    },
  ])
}

// Requests as the transport hands them to the signer, a distinct key each time: a 1 KiB PUT
// (payload hashed), a GET, and a listing with a query.
function requestFor(n) {
  const common = { protocol: 'http:', hostname: '127.0.0.1', query: undefined }
  const host = '127.0.0.1:9000'
  const userAgent = 'silo-js/0.1.0 (node v20; linux x64)'
  switch (n % 3) {
    case 0:
      return {
        ...common,
        method: 'PUT',
        path: `/bench/photos/2024/image-${n}.jpg`,
        headers: {
          host,
          'user-agent': userAgent,
          'content-type': 'image/jpeg',
          'content-length': '1024',
          'x-amz-content-sha256': '5341e6b2646979a70e57653007a1f310169421ec9bdd9f1a5648f75ade005af1',
        },
      }
    case 1:
      return {
        ...common,
        method: 'GET',
        path: `/bench/photos/2024/image-${n}.jpg`,
        headers: {
          host,
          'user-agent': userAgent,
          'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        },
      }
    default:
      return {
        ...common,
        method: 'GET',
        path: '/bench',
        query: { 'list-type': '2', prefix: `photos/${n}/`, 'max-keys': '1000' },
        headers: {
          host,
          'user-agent': userAgent,
          'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        },
      }
  }
}

// Signs requests one after another for `durationMs`; returns the process's CPU µs per request
// (user + system), which a busy machine disturbs less than the clock does.
async function measure(sign, durationMs) {
  let n = 0
  const start = performance.now()
  const cpu = process.cpuUsage()
  while (performance.now() - start < durationMs) {
    for (let i = 0; i < BATCH; i++) await sign(requestFor(n++), 'us-east-1', new Date())
  }
  const used = process.cpuUsage(cpu)
  return (used.user + used.system) / n
}

const scenario = {
  name: 'sdk-signing',
  title: 'SDK: SigV4 header signing per request',
  description:
    'The SDK signer vs @smithy/signature-v4 (public API, and patched as before issue 13), with node:crypto and with @aws-crypto/sha256-js; distinct PUT / GET / list requests signed one after another for a round; CPU µs per request, in the bench process.',
  async run(ctx) {
    const list = await contestants()
    const samples = list.map(() => [])
    for (let round = -1; round < ctx.options.rounds; round++) {
      for (const [i, { sign }] of list.entries()) {
        const us = await measure(sign, ctx.options.durationMs)
        if (round >= 0) samples[i].push(us)
      }
    }
    const rows = list.map(({ label, hash }, i) => {
      const before = list.findIndex((c) => c.hash === hash && c.before)
      const us = median(samples[i])
      return {
        label,
        hash,
        us,
        perSec: 1e6 / us,
        ratio: median(samples[before]) / us,
        spread: spread(samples[i]),
      }
    })
    const columns = [
      { key: 'label', header: 'signer', align: 'left' },
      { key: 'hash', header: 'hash', align: 'left' },
      { key: 'us', header: 'CPU µs/request', format: 'number' },
      { key: 'perSec', header: 'requests per CPU s', format: 'count' },
      { key: 'ratio', header: '× patched smithy', format: 'ratio' },
      { key: 'spread', header: 'spread', format: 'percent' },
    ]
    return { sections: [{ heading: null, columns, rows, goals: [] }], goals: [] }
  },
}

export default scenario

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { sections } = await scenario.run({ options: { rounds: 5, durationMs: 1000 } })
  console.log(renderTable(sections[0].columns, sections[0].rows))
  process.exit(0)
}
