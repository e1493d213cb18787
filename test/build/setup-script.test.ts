/**
 * `scripts/setup.mjs`, the first step of `npm start`: on a fresh clone it installs and builds,
 * saying what it does and how long it took, and keeps npm's warnings (install scripts, config)
 * off the screen unless a step fails. Run in a scratch copy of the repository layout with a
 * stand-in `npm` on PATH and a stand-in tsup, so no network and no real build are involved.
 */
import { execFile } from 'node:child_process'
import { chmodSync, existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const SETUP = join(import.meta.dirname, '../../scripts/setup.mjs')

// What npm 11 prints on this machine for `npm ci` (stderr warnings, stdout summary).
const FAKE_NPM = `
import { mkdirSync, writeFileSync } from 'node:fs'
console.error('npm warn Unknown user config "nodedir".')
console.error('npm warn install-scripts 6 packages have install scripts not yet covered by allowScripts:')
console.error('npm warn install-scripts   lmdb@3.5.6 (install: node-gyp-build-optional-packages)')
if (process.env.FAKE_NPM_FAIL) {
  console.error('npm error code ETARGET')
  console.error('npm error notarget No matching version found for nothing@9.')
  process.exit(1)
}
mkdirSync('node_modules/tsup/dist', { recursive: true })
writeFileSync('node_modules/.package-lock.json', '{}')
writeFileSync('node_modules/tsup/dist/cli-default.js', ${JSON.stringify(
  "import { mkdirSync, writeFileSync } from 'node:fs'\n" +
    "console.log('CLI Building entry: src/index.ts')\n" +
    "for (const dir of ['dist/node', 'packages/silo-server/dist/server', 'packages/silo-server/dist/cli']) mkdirSync(dir, { recursive: true })\n" +
    "for (const file of ['dist/node/index.js', 'packages/silo-server/dist/server/index.js', 'packages/silo-server/dist/cli/main.js']) writeFileSync(file, '')\n",
)})
console.log('\\nadded 419 packages in 30s')
`

let dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
  dirs = []
})

/** A scratch repository: scripts/setup.mjs, a src/ file, no node_modules, no dist. */
async function scratchRepo() {
  const root = await mkdtemp(join(tmpdir(), 'silo-setup-'))
  dirs.push(root)
  await mkdir(join(root, 'scripts'))
  await mkdir(join(root, 'src'))
  await mkdir(join(root, 'bin'))
  await copyFile(SETUP, join(root, 'scripts/setup.mjs'))
  await writeFile(join(root, 'src/index.ts'), 'export {}\n')
  await writeFile(join(root, 'bin/fake-npm.mjs'), FAKE_NPM)
  await writeFile(
    join(root, 'bin/npm'),
    `#!/bin/sh\nexec "${process.execPath}" "${root}/bin/fake-npm.mjs" "$@"\n`,
  )
  chmodSync(join(root, 'bin/npm'), 0o755)
  return root
}

function runSetup(root: string, env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'scripts/setup.mjs')],
      { cwd: root, env: { ...process.env, ...env, PATH: `${join(root, 'bin')}:${process.env.PATH}` } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe('scripts/setup.mjs (npm start on a fresh clone)', () => {
  it('installs and builds quietly, saying what it does and how long each step took', async () => {
    const root = await scratchRepo()
    const run = await runSetup(root)
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr).not.toContain('npm warn')
    expect(run.stderr).not.toContain('CLI Building')
    const lines = run.stderr.trim().split('\n')
    expect(lines).toEqual([
      expect.stringMatching(/^setup: first run: installing dependencies \(npm ci\)/),
      expect.stringMatching(/^setup: installed 419 packages in \d+(\.\d)? s$/),
      expect.stringMatching(/^setup: building dist\/ \(tsup\)/),
      expect.stringMatching(/^setup: built dist\/ in \d+(\.\d)? s$/),
    ])
    expect(existsSync(join(root, 'packages/silo-server/dist/cli/main.js'))).toBe(true)
    // A second run finds everything in place and says nothing.
    const again = await runSetup(root)
    expect(again).toEqual({ code: 0, stdout: '', stderr: '' })
  })

  it('when npm fails, shows what npm said and exits with its status', async () => {
    const root = await scratchRepo()
    const run = await runSetup(root, { FAKE_NPM_FAIL: '1' })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('npm error notarget No matching version found for nothing@9.')
    expect(run.stderr).toMatch(/setup: npm ci failed \(exit 1\)/)
    expect(existsSync(join(root, 'dist'))).toBe(false)
  })
})
