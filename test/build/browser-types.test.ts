/**
 * The SDK's types as a browser project sees them: a small browser program, compiled with
 * `lib: ["dom", "es2022"]`, no Node types (`types: []`) and the library's own declarations checked
 * (`skipLibCheck: false`), against the built package resolved through its `browser` export
 * condition. A download is the LightReadable browsers get, not a Node `Readable`. As a control,
 * the Node declarations do need `@types/node` (they name `node:stream`), so the check can fail.
 * Needs the build (`npm test` builds first).
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')

const PROGRAM = `
import { Client, S3Error, type BodyStream, type BucketItem, type ListingStream } from 'silo'

const client = new Client({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK' })

export async function run(file: File, signal: AbortSignal): Promise<number> {
  await client.putObject('photos', file.name, file, file.size, { 'Content-Type': file.type })
  const stream: BodyStream = await client.getObject('photos', file.name)
  let bytes = 0
  for await (const chunk of stream) bytes += chunk.byteLength
  stream.on('end', () => console.log('done')).pause().resume()
  // What a browser gets has no read(): it is the SDK's light readable, not a Node Readable.
  // @ts-expect-error
  stream.read()
  const listing: ListingStream<BucketItem> = client.listObjectsV2('photos', '', true)
  for await (const item of listing) console.log(item.name, item.size)
  const url: string = await client.presignedGetObject('photos', file.name, 60)
  try {
    await client.statObject('photos', 'missing')
  } catch (error) {
    if (error instanceof S3Error) console.log(error.code, signal.aborted)
  }
  return bytes + url.length
}
`

let project: string

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'silo-browser-types-'))
  // The package as installed: node_modules/silo is this repository (its package.json and dist/).
  await mkdir(join(project, 'node_modules'))
  await symlink(ROOT, join(project, 'node_modules', 'silo'), 'dir')
  await writeFile(join(project, 'program.ts'), PROGRAM)
})

afterAll(async () => {
  await rm(project, { recursive: true, force: true })
})

/** Compiles program.ts in the temporary project; returns the diagnostics as text. */
function compile(conditions: string[]): string[] {
  const program = ts.createProgram([join(project, 'program.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: conditions,
    lib: ['lib.dom.d.ts', 'lib.es2022.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
  })
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}

describe('the browser build’s types', () => {
  it('exist (npm run build)', () => {
    expect(existsSync(join(ROOT, 'dist/browser/index.d.ts'))).toBe(true)
  })

  it('compile a browser program with lib dom and no Node types', () => {
    expect(compile(['browser'])).toEqual([])
  })

  it('while the Node build’s types need @types/node (the control)', () => {
    expect(compile([]).join('\n')).toMatch(/node:stream/)
  })
})
