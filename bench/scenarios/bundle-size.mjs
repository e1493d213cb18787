// Browser weight of each SDK for the same small program (create a client, put an object, read it
// back to the end, list a bucket), bundled and minified with esbuild for browsers: what the page
// loads before its first call, and everything it can load (lazy chunks included), gzipped.
// Run alone: node bench/scenarios/bundle-size.mjs  (needs a build: npx tsup)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { DIST, ROOT } from '../lib/paths.mjs'
import { renderTable } from '../lib/table.mjs'

const PROGRAMS = [
  {
    label: 'Silo SDK (dist/browser)',
    source: `import { Client } from ${JSON.stringify(join(DIST, 'browser/index.js'))}
const c = new Client({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK' })
await c.putObject('photos', 'a.txt', 'hello')
for await (const chunk of await c.getObject('photos', 'a.txt')) console.log(chunk.length)
for await (const item of c.listObjectsV2('photos', '', true)) console.log(item.name)`,
  },
  {
    label: 'minio-js',
    source: `import { Client } from 'minio'
const c = new Client({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK' })
await c.putObject('photos', 'a.txt', 'hello')
for await (const chunk of await c.getObject('photos', 'a.txt')) console.log(chunk.length)
for await (const item of c.listObjectsV2('photos', '', true)) console.log(item.name)`,
  },
  {
    label: '@aws-sdk/client-s3',
    source: `import { S3Client, PutObjectCommand, GetObjectCommand, paginateListObjectsV2 } from '@aws-sdk/client-s3'
const s3 = new S3Client({ endpoint: 'http://localhost:9000', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' } })
await s3.send(new PutObjectCommand({ Bucket: 'photos', Key: 'a.txt', Body: 'hello' }))
console.log(await (await s3.send(new GetObjectCommand({ Bucket: 'photos', Key: 'a.txt' }))).Body.transformToString())
for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket: 'photos' })) for (const o of page.Contents ?? []) console.log(o.Key)`,
  },
]

async function weigh(source) {
  const dir = mkdtempSync(join(tmpdir(), 'silo-bench-run-bundle-'))
  try {
    writeFileSync(join(dir, 'program.js'), source)
    const result = await build({
      entryPoints: [join(dir, 'program.js')],
      absWorkingDir: dir,
      nodePaths: [join(ROOT, 'node_modules')],
      outdir: join(dir, 'out'),
      bundle: true,
      splitting: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      metafile: true,
      write: false,
      logLevel: 'silent',
    })
    const gzip = new Map(result.outputFiles.map((f) => [f.path, gzipSync(f.contents).length]))
    const { outputs } = result.metafile
    const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint)
    const eager = new Set([entry])
    for (const file of eager) {
      for (const i of outputs[file].imports) if (i.kind === 'import-statement') eager.add(i.path)
    }
    const sizeOf = (file) => gzip.get(join(dir, file)) ?? 0
    return {
      firstLoad: [...eager].reduce((n, f) => n + sizeOf(f), 0),
      total: Object.keys(outputs).reduce((n, f) => n + sizeOf(f), 0),
    }
  } catch (error) {
    const first = error.errors?.[0]
    const where = first?.location ? ` (${first.location.file.replace(/.*node_modules\//, '')})` : ''
    return { error: `does not build for browsers: ${first?.text ?? error.message}${where}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const scenario = {
  name: 'bundle-size',
  title: 'Browser bundle size: SDKs compared',
  description:
    'The same small program per SDK (client, put, get read to the end, list with for await) bundled and minified with esbuild for browsers, gzipped; "first load" is the entry chunk and its static imports.',
  async run() {
    const rows = []
    for (const { label, source } of PROGRAMS) {
      const { firstLoad, total, error } = await weigh(source)
      rows.push({ label, error, firstLoad: firstLoad / 1024, total: total / 1024 })
    }
    const columns = [
      { key: 'label', header: 'SDK', align: 'left' },
      { key: 'firstLoad', header: 'first load KiB gz', format: 'fixed1' },
      { key: 'total', header: 'all chunks KiB gz', format: 'fixed1' },
    ]
    const silo = rows[0]
    const goal = {
      goal: 'Silo SDK small program: ≤ 40 KiB gz first load, ≤ 80 KiB gz in all',
      where: 'bundle-size',
      measured: silo.error
        ? silo.error
        : `${silo.firstLoad.toFixed(1)} KiB first load, ${silo.total.toFixed(1)} KiB in all`,
      met: silo.error ? null : silo.firstLoad <= 40 && silo.total <= 80,
    }
    return { sections: [{ heading: null, columns, rows, goals: [goal] }], goals: [goal] }
  },
}

export default scenario

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { sections } = await scenario.run()
  console.log(renderTable(sections[0].columns, sections[0].rows))
  for (const goal of sections[0].goals) console.log(`Goal: ${goal.goal}: ${goal.measured}`)
}
