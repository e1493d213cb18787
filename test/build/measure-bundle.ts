/**
 * Bundles a small browser program the way a user's bundler would (esbuild, minified, code
 * splitting) against the SDK's browser build, and weighs the output: what the page loads before
 * the program's first call (its entry chunk and everything statically imported from it) and
 * everything it can ever load (every chunk, dynamic imports included), gzipped.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'

export interface BundleWeight {
  /** Gzipped bytes of the entry chunk and its static imports. */
  eager: number
  /** Gzipped bytes of every chunk. */
  total: number
  /** Gzipped bytes per output chunk, with the packages in it. */
  chunks: Array<{ file: string; gzip: number; static: boolean; packages: string[] }>
}

/**
 * Bundles `source` (an ES module importing the SDK from `sdkEntry`) and weighs it. When the SDK
 * build left a `meta.json` beside its entry, chunks are attributed to the packages inside them.
 */
export async function weighProgram(source: string, sdkEntry: string): Promise<BundleWeight> {
  const dir = mkdtempSync(join(tmpdir(), 'silo-weigh-'))
  try {
    writeFileSync(join(dir, 'program.js'), source.replaceAll('SDK_ENTRY', JSON.stringify(sdkEntry)))
    const result = await build({
      absWorkingDir: dir,
      entryPoints: [join(dir, 'program.js')],
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
    const gzipOf = new Map(result.outputFiles.map((f) => [f.path, gzipSync(f.contents).length]))
    const outputs = result.metafile.outputs
    const entry = Object.keys(outputs).find((f) => outputs[f]!.entryPoint !== undefined)!
    const eagerFiles = staticClosure(outputs, entry)
    const sdkPackages = readSdkPackages(sdkEntry)
    const chunks = Object.keys(outputs).map((file) => ({
      file,
      gzip: gzipOf.get(join(dir, file)) ?? 0,
      static: eagerFiles.has(file),
      packages: [
        ...new Set(
          Object.keys(outputs[file]!.inputs).flatMap((input) => sdkPackages.get(basename(input)) ?? []),
        ),
      ],
    }))
    const sum = (list: typeof chunks) => list.reduce((n, c) => n + c.gzip, 0)
    return { eager: sum(chunks.filter((c) => c.static)), total: sum(chunks), chunks }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function staticClosure(outputs: Metafile['outputs'], entry: string): Set<string> {
  const seen = new Set<string>([entry])
  const todo = [entry]
  while (todo.length > 0) {
    for (const i of outputs[todo.pop()!]!.imports) {
      if (i.kind === 'import-statement' && !seen.has(i.path)) {
        seen.add(i.path)
        todo.push(i.path)
      }
    }
  }
  return seen
}

// SDK chunk file name → the npm packages (or 'silo') bundled into it.
function readSdkPackages(sdkEntry: string): Map<string, string[]> {
  const meta = join(dirname(sdkEntry), 'meta.json')
  const packages = new Map<string, string[]>()
  if (!existsSync(meta)) return packages
  const { outputs } = JSON.parse(readFileSync(meta, 'utf8')) as Metafile
  for (const [file, output] of Object.entries(outputs)) {
    const names = new Set<string>()
    for (const input of Object.keys(output.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
      names.add(m ? m[1]! : 'silo')
    }
    packages.set(basename(file), [...names])
  }
  return packages
}
