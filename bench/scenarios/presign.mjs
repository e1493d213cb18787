// Presigned GET URLs per second, signed locally (region configured, so no request is sent):
// Silo's SDK vs minio-js vs @aws-sdk/s3-request-presigner, in the bench process, in rounds.
// Run alone: node bench/scenarios/presign.mjs  (needs a build: npx tsup)
import { pathToFileURL } from 'node:url'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import * as Minio from 'minio'
import { createLoadTracker } from '../lib/load.mjs'
import { siloSdkEntry } from '../lib/paths.mjs'
import { median, spread } from '../lib/stats.mjs'
import { renderTable } from '../lib/table.mjs'

const CREDENTIALS = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
}
const ROUND_MS = 1000
// Issue 18: 98k/s before it (2.9× minio-js).
const PRESIGN_GOAL = 150_000

async function signers() {
  const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
  const endpoint = { endPoint: '127.0.0.1', port: 9000, useSSL: false, region: 'us-east-1', ...CREDENTIALS }
  const silo = new Client(endpoint)
  const minio = new Minio.Client(endpoint)
  const aws = new S3Client({
    endpoint: 'http://127.0.0.1:9000',
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: CREDENTIALS.accessKey, secretAccessKey: CREDENTIALS.secretKey },
  })
  return [
    { label: 'Silo SDK (presignedGetObject)', sign: (key) => silo.presignedGetObject('bench', key, 3600) },
    { label: 'minio-js (presignedGetObject)', sign: (key) => minio.presignedGetObject('bench', key, 3600) },
    {
      label: '@aws-sdk/s3-request-presigner (getSignedUrl)',
      sign: (key) =>
        getSignedUrl(aws, new GetObjectCommand({ Bucket: 'bench', Key: key }), { expiresIn: 3600 }),
    },
  ]
}

// Signs URLs one after another for ROUND_MS; returns URLs per second.
async function measure(sign) {
  let n = 0
  const start = performance.now()
  let now = start
  while (now - start < ROUND_MS) {
    for (let i = 0; i < 200; i++) await sign(`photos/2024/image-${n++}.jpg`)
    now = performance.now()
  }
  return n / ((now - start) / 1000)
}

const scenario = {
  name: 'presign',
  title: 'Presigned URLs: SDKs compared',
  description:
    'presignedGetObject / getSignedUrl for distinct keys, one after another for 1 s per round, region configured (no network); in the bench process.',
  async run(ctx) {
    const list = await signers()
    const samples = list.map(() => [])
    for (const { sign } of list) await measure(sign)
    const tracker = createLoadTracker({ log: ctx.log })
    for (let round = 0; round < ctx.options.rounds; round++) {
      const perSec = await tracker.round(async () => {
        const values = []
        for (const { sign } of list) values.push(await measure(sign))
        return values
      })
      for (const [i, value] of perSec.entries()) samples[i].push(value)
    }
    const minio = median(samples[1])
    const rows = list.map(({ label }, i) => ({
      label,
      opsPerSec: median(samples[i]),
      ratio: median(samples[i]) / minio,
      opsSpread: spread(samples[i]),
    }))
    const columns = [
      { key: 'label', header: 'signer', align: 'left' },
      { key: 'opsPerSec', header: 'URLs/s', format: 'count' },
      { key: 'ratio', header: '× minio-js', format: 'ratio' },
      { key: 'opsSpread', header: 'spread', format: 'percent' },
    ]
    const goal = {
      goal: `Silo SDK ≥ ${PRESIGN_GOAL.toLocaleString('en-US')} presigned URLs/s`,
      where: 'presign',
      measured: `${Math.round(rows[0].opsPerSec).toLocaleString('en-US')} URLs/s (minio-js ${Math.round(minio).toLocaleString('en-US')})`,
      met: rows[0].opsPerSec >= PRESIGN_GOAL,
    }
    const load = tracker.summary()
    return { sections: [{ heading: null, columns, rows, load, goals: [goal] }], goals: [goal] }
  },
}

export default scenario

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { sections } = await scenario.run({ options: { rounds: 5 }, log: (m) => console.error(m) })
  console.log(renderTable(sections[0].columns, sections[0].rows))
}
