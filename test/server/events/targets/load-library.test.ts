import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  loadTargetLibrary,
  TARGET_LIBRARIES,
  TargetLibraryMissingError,
} from '../../../../src/server/events/targets/load-library.js'
import { TARGET_FACTORIES } from '../../../../src/server/events/targets/registry.js'

const SERVER_SRC = join(import.meta.dirname, '../../../../src/server')

/** What Node's ESM loader throws for a package that is not installed. */
function notFound(specifier: string): Error {
  return Object.assign(new Error(`Cannot find package '${specifier}' imported from /srv/app/index.js`), {
    code: 'ERR_MODULE_NOT_FOUND',
  })
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

describe('loadTargetLibrary', () => {
  it('returns the library', async () => {
    const library = { connect: () => 'connected' }
    expect(await loadTargetLibrary('amqp', async () => library)).toBe(library)
  })

  it('names the package to install when the library is missing', async () => {
    const failing = loadTargetLibrary('redis', () => Promise.reject(notFound('ioredis')))
    await expect(failing).rejects.toBeInstanceOf(TargetLibraryMissingError)
    await expect(failing).rejects.toThrow(
      'redis targets need the npm package ioredis, which is not installed: run npm install ioredis',
    )
  })

  it('reads a missing subpath (mysql2/promise) as the package missing', async () => {
    await expect(
      loadTargetLibrary('mysql', () => Promise.reject(notFound('mysql2/promise'))),
    ).rejects.toThrow('npm install mysql2')
  })

  it('passes other failures on as they are (a dependency of the library missing, a load error)', async () => {
    const deeper = notFound('some-dependency')
    await expect(loadTargetLibrary('amqp', () => Promise.reject(deeper))).rejects.toBe(deeper)
    const broken = new SyntaxError('Unexpected token')
    await expect(loadTargetLibrary('amqp', () => Promise.reject(broken))).rejects.toBe(broken)
  })

  it('fails as Node fails for a package that is really absent', async () => {
    // A real dynamic import of a name nobody installs, checked under the name it fails with.
    const specifier = 'silo-no-such-broker-client'
    const error = await import(/* @vite-ignore */ specifier).catch((e: unknown) => e)
    expect((error as { code?: string }).code).toMatch(/MODULE_NOT_FOUND/)
    expect((error as Error).message).toContain("'silo-no-such-broker-client'")
  })
})

describe('broker libraries load lazily', () => {
  it('has a library for every kind but webhook and elasticsearch, which speak HTTP', () => {
    const needLibrary = Object.keys(TARGET_FACTORIES).filter(
      (kind) => !['webhook', 'elasticsearch'].includes(kind),
    )
    expect(Object.keys(TARGET_LIBRARIES).sort()).toEqual(needLibrary.sort())
  })

  it('no server module imports a broker library statically (types only; values through loadTargetLibrary)', () => {
    const offenders = listFiles(SERVER_SRC)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        findStaticLibraryImports(readFileSync(file, 'utf8')).map(
          (lib) => `${relative(SERVER_SRC, file)}: ${lib}`,
        ),
      )
    expect(offenders).toEqual([])
  })

  it('the check above catches a static import', () => {
    expect(
      findStaticLibraryImports("import { x } from './a.js'\nimport { connect } from 'amqplib'\n"),
    ).toEqual(['amqplib'])
    expect(findStaticLibraryImports("import pg from 'pg'\nexport * from 'mysql2/promise'\n")).toEqual([
      'pg',
      'mysql2/promise',
    ])
    expect(findStaticLibraryImports("import { x } from './a.js'\nimport type pg from 'pg'\n")).toEqual([])
    expect(findStaticLibraryImports("import {\n  type A,\n  type B,\n} from 'nats'\n")).toEqual(['nats'])
    expect(findStaticLibraryImports("const { connect } = await import('amqplib')\n")).toEqual([])
  })
})

/** The broker libraries `source` imports for their values (`import type` does not load anything). */
function findStaticLibraryImports(source: string): string[] {
  const libraries = new Set<string>(Object.values(TARGET_LIBRARIES))
  const found: string[] = []
  // One statement per match: `import`/`export` at a line start up to its first `from '...'`.
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s)?[\s\S]*?\bfrom\s+'([^']+)'/gm)) {
    if (!m[1] && libraries.has(m[2]!.split('/')[0]!)) found.push(m[2]!)
  }
  return found
}
