/**
 * The two manifests say what the code imports: the top level (`silo`, the SDK) depends on what
 * src/sdk and src/shared import and on nothing else, so no server or CLI library reaches
 * `npm i silo` (a plain `npm install NAME` at the top level would put it there); the server
 * package depends on, or takes as a peer, every library src/server and src/cli import (and the
 * SDK's, which the CLI bundles). No build needed; test/build/packages.test.ts installs the result.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')

interface Manifest {
  name: string
  version: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  devDependencies?: Record<string, string>
  workspaces?: string[]
  bin?: Record<string, string>
  files?: string[]
}

const readManifest = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Manifest
const sdk = readManifest('package.json')
const server = readManifest('packages/silo-server/package.json')

function listSources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return listSources(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** The npm packages `dirs` import (static, dynamic and type-only imports; not Node built-ins, not `#` imports). */
function packagesImportedBy(...dirs: string[]): string[] {
  const found = new Set<string>()
  const builtins = new Set(builtinModules)
  for (const file of dirs.flatMap(listSources)) {
    const source = readFileSync(join(ROOT, file), 'utf8')
    for (const m of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([^'./#][^']*)'/gm)) {
      const specifier = m[1]!
      if (specifier.startsWith('node:') || builtins.has(specifier)) continue
      const parts = specifier.split('/')
      found.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!)
    }
  }
  // The SDK names itself in documentation examples only; that is not a dependency.
  found.delete('silo')
  found.delete('silo-server')
  return [...found].sort()
}

describe('package manifests', () => {
  it('the SDK package depends on exactly what src/sdk and src/shared import', () => {
    expect(
      Object.keys(sdk.dependencies ?? {}).sort(),
      "the top level's dependencies are the SDK's: a server or CLI library goes to packages/silo-server (npm install NAME -w silo-server), one only tests use to devDependencies",
    ).toEqual(packagesImportedBy('src/sdk', 'src/shared'))
  })

  it('the server package has every library src/server and src/cli import (and the SDK code the CLI bundles)', () => {
    const provided = new Set([
      ...Object.keys(server.dependencies ?? {}),
      ...Object.keys(server.peerDependencies ?? {}),
    ])
    const imported = packagesImportedBy('src/server', 'src/cli', 'src/sdk', 'src/shared')
    expect(imported.filter((name) => !provided.has(name))).toEqual([])
    expect([...provided].filter((name) => !imported.includes(name))).toEqual([])
  })

  it('broker clients are optional peers of the server package, and installed for the tests', () => {
    const peers = Object.keys(server.peerDependencies ?? {})
    expect(peers.length).toBeGreaterThan(0)
    for (const peer of peers) {
      expect(server.peerDependenciesMeta?.[peer]).toEqual({ optional: true })
      expect(sdk.devDependencies?.[peer]).toBe(server.peerDependencies![peer])
    }
  })

  it('one version, one workspace, one silo command', () => {
    expect([sdk.name, server.name]).toEqual(['silo', 'silo-server'])
    expect(server.version).toBe(sdk.version)
    expect(sdk.workspaces).toEqual(['packages/silo-server'])
    expect(sdk.bin).toBeUndefined()
    expect(server.bin).toEqual({ silo: './dist/cli/main.js' })
    expect(sdk.files).not.toContain('dist')
  })
})
