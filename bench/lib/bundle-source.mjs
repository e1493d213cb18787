// Bundles exports of src/ that the built dist/ does not offer (the SDK's signer, the cluster's
// locks) with esbuild, for scenarios that time them directly.
import { join } from 'node:path'
import { build } from 'esbuild'
import { ROOT } from './paths.mjs'
import { createTempFolder } from './temp-root.mjs'

/**
 * Bundles `exports` (`{ names: 'createSigner', from: 'sdk/transport/signer.ts' }`, paths under
 * src/) into `<name>.mjs` in a temporary folder inside node_modules/.cache, so the bundle's
 * packages (left external) resolve as the project's do. Resolves with the file's path.
 */
export async function bundleSource(name, exports) {
  const outdir = createTempFolder(join(ROOT, 'node_modules/.cache/silo-bench'), `${name}-`)
  const outfile = join(outdir, `${name}.mjs`)
  await build({
    stdin: {
      contents: exports
        .map(({ names, from }) => `export { ${names} } from ${JSON.stringify(join(ROOT, 'src', from))}`)
        .join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
  })
  return outfile
}
