import { Agent } from 'node:https'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSelfSigned, type SelfSigned } from '../../tls/self-signed.js'
import { putShard, readShardBytes } from '../drive-contract/harness.js'
import { createTempDriveFolders } from '../drive-contract/temp-drive.js'
import { type RpcServerUnderTest, startStorageRpcServer } from './rpc-server.js'

describe('remote drive over TLS', () => {
  let certs: SelfSigned
  let server: RpcServerUnderTest
  let dir: string
  beforeAll(async () => {
    certs = createSelfSigned()
    const folders = await createTempDriveFolders('silo-remote-tls-')
    dir = folders.dir
    server = await startStorageRpcServer(folders.locations, { tls: certs })
  })
  afterAll(async () => {
    await server.close()
    certs.remove()
  })

  it('works over https with an agent that trusts the certificate', async () => {
    expect(server.url).toMatch(/^https:/)
    const drive = await server.connect(dir, { agent: new Agent({ keepAlive: true, ca: certs.cert }) }).open()
    await drive.createBucket('b', '')
    await putShard(drive, 'b', 'k', 'over TLS')
    expect((await readShardBytes(drive, 'b', 'k')).toString()).toBe('over TLS')
    await drive.close()
  })

  it('shows the drive offline to a server that does not trust the certificate', async () => {
    expect(await server.connect(dir).probe()).toMatch(/unreachable .*certificate/)
  })
})
