import { createSdkScenario } from '../lib/sdk-scenario.mjs'

export default createSdkScenario({
  name: 'sdk-put',
  op: 'put',
  title: 'PUT object: SDKs compared',
  description:
    'putObject / PutObjectCommand of a Buffer (1 KiB, 1 MiB) at concurrency 1 and 16; each SDK in its own process, all against the same server.',
})
