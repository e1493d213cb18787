import { createSdkScenario } from '../lib/sdk-scenario.mjs'

export default createSdkScenario({
  name: 'sdk-get',
  op: 'get',
  title: 'GET object: SDKs compared',
  description:
    'getObject / GetObjectCommand of 8 prepared objects (1 KiB, 1 MiB), reading each body stream to its end, at concurrency 1 and 16; each SDK in its own process, all against the same server.',
})
