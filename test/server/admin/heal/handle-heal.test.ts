/**
 * The heal route's request handling (path, query, body → heal sequences → JSON), with the heal
 * sequences over the fake healer. The sequences' own rules are in heal-sequences.test.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { AdminArgs } from '../../../../src/server/admin/admin-args.js'
import { handleHeal } from '../../../../src/server/admin/handlers/heal.js'
import { HealSequences } from '../../../../src/server/admin/heal/heal-sequences.js'
import type { ServerContext } from '../../../../src/server/context.js'
import { FakeHealer } from './fake-healer.js'

interface Sent {
  status: number
  json: Record<string, unknown>
}

function setup(storage: { kind: string; healer?: FakeHealer }) {
  const heal = new HealSequences(storage)
  const ctx = { admin: { heal } } as unknown as ServerContext
  const call = async (target: string | undefined, query: string, body = ''): Promise<Sent> => {
    let sent: Sent | undefined
    const res = {
      writeHead(status: number) {
        sent = { status, json: {} }
        return res
      },
      end(text: string) {
        sent!.json = JSON.parse(text)
      },
    } as unknown as ServerResponse
    const req = { socket: { remoteAddress: '::ffff:10.1.2.3' } } as unknown as IncomingMessage
    const args: AdminArgs = {
      ctx,
      req,
      res,
      params: target === undefined ? {} : { target },
      query: new URLSearchParams(query),
      body: Buffer.from(body),
      requestId: 'R',
    }
    await handleHeal(args)
    return sent!
  }
  const codeOf = (target: string | undefined, query: string, body = '') =>
    call(target, query, body).then(
      () => 'no error',
      (e: { code?: string }) => e.code ?? String(e),
    )
  return { call, codeOf }
}

describe('POST /silo/admin/v1/heal[/{bucket}[/{prefix...}]]', () => {
  it('starts with the body settings, polls with the token (capitalised keys), stops with forceStop', async () => {
    const { call } = setup({ kind: 'Erasure', healer: new FakeHealer({ photos: ['2026/a.jpg', 'b.jpg'] }) })
    const started = await call('photos/2026/', '', '{"recursive":true,"dryRun":true}')
    expect(started.status).toBe(200)
    expect(started.json).toEqual({
      clientToken: expect.any(String),
      clientAddress: '10.1.2.3',
      startTime: expect.any(String),
    })
    const token = started.json.clientToken as string
    await new Promise((resolve) => setTimeout(resolve, 20))
    const polled = await call('photos/2026/', `clientToken=${token}`)
    expect(polled.json).toMatchObject({
      Summary: 'finished',
      NumDisks: 0,
      Settings: { recursive: true, dryRun: true },
      StartTime: started.json.startTime,
    })
    const items = polled.json.Items as { type: string; object: string; resultId: number }[]
    expect(items.filter((i) => i.type === 'object').map((i) => i.object)).toEqual(['2026/a.jpg'])
    expect((await call('photos/2026/', `clientToken=${token}`)).json.Items).toBeNull()
    expect((await call('photos/2026/', 'forceStop')).json).toEqual(started.json)
    expect((await call('photos/2026/', 'forceStop')).json).toMatchObject({ clientToken: 'invalid' })
  })

  it('an empty body starts a plain heal; bad bodies, paths and flags are refused by name', async () => {
    const { call, codeOf } = setup({ kind: 'Erasure', healer: new FakeHealer({ photos: [] }) })
    expect((await call(undefined, '')).status).toBe(200)
    expect(await codeOf('photos', '', '{"recursive":"yes"}')).toBe('XSiloAdminRequestBodyParse')
    expect(await codeOf('photos', '', 'not json')).toBe('XSiloAdminRequestBodyParse')
    expect(await codeOf('/2026/', '')).toBe('XSiloHealMissingBucket')
    expect(await codeOf('Bad_Bucket', '')).toBe('InvalidBucketName')
    expect(await codeOf('photos', 'forceStart&forceStop')).toBe('XSiloAdminInvalidArgument')
    expect(await codeOf('photos', 'clientToken=nope')).toBe('XSiloHealNoSuchProcess')
  })

  it('a single drive answers XSiloHealNotImplemented to every heal request, before other checks', async () => {
    const { codeOf } = setup({ kind: 'FS' })
    expect(await codeOf('photos', '', '{"recursive":true}')).toBe('XSiloHealNotImplemented')
    expect(await codeOf('photos', 'clientToken=x')).toBe('XSiloHealNotImplemented')
    expect(await codeOf('photos', 'forceStop')).toBe('XSiloHealNotImplemented')
    expect(await codeOf('Bad_Bucket', '', 'garbage')).toBe('XSiloHealNotImplemented')
  })
})
