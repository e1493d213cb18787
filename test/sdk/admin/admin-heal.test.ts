import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { AdminClient, type HealStatusItem } from '../../../src/index.js'
import { useMockServer } from '../support/msw.js'

const { server, seen } = useMockServer()
const BASE = 'https://admin.example.com'
const admin = () =>
  new AdminClient({ endPoint: 'admin.example.com', accessKey: 'root', secretKey: 'root-secret-key' })

const ITEM: HealStatusItem = {
  resultId: 7,
  type: 'object',
  bucket: 'photos',
  object: '2026/cat 1.jpg',
  detail: '',
  dataBlocks: 2,
  parityBlocks: 2,
  diskCount: 4,
  setCount: 1,
  before: {
    drives: [
      { uuid: '', endpoint: '/d1', state: 'ok' },
      { uuid: '', endpoint: '/d2', state: 'missing' },
    ],
  },
  after: {
    drives: [
      { uuid: '', endpoint: '/d1', state: 'ok' },
      { uuid: '', endpoint: '/d2', state: 'ok' },
    ],
  },
  objectSize: 5,
}

describe('AdminClient heal', () => {
  it('start: POST to the bucket/prefix path with the settings as JSON and forceStart in the query', async () => {
    const answer = { clientToken: 'tok-1', clientAddress: '10.0.0.7', startTime: '2026-11-22T09:00:00.000Z' }
    server.use(
      http.post(`${BASE}/silo/admin/v1/heal/photos/2026/cat%201.jpg`, () => HttpResponse.json(answer)),
    )
    const started = await admin().heal({
      bucket: 'photos',
      prefix: '2026/cat 1.jpg',
      recursive: true,
      dryRun: true,
      forceStart: true,
    })
    expect(started).toEqual(answer)
    const [request] = seen
    expect(request!.url.searchParams.get('forceStart')).toBe('true')
    expect(JSON.parse(new TextDecoder().decode(await request!.body))).toEqual({
      recursive: true,
      dryRun: true,
    })
    expect(request!.headers.get('content-type')).toBe('application/json')
  })

  it('status: polls with the client token and returns the capitalised answer in lower case', async () => {
    server.use(
      http.post(`${BASE}/silo/admin/v1/heal/photos`, ({ request }) => {
        const token = new URL(request.url).searchParams.get('clientToken')
        if (token !== 'tok-1')
          return HttpResponse.json({ Code: 'XSiloHealInvalidClientToken' }, { status: 400 })
        return HttpResponse.json({
          Summary: 'running',
          StartTime: '2026-11-22T09:00:00.000Z',
          NumDisks: 4,
          Settings: { recursive: true, dryRun: false },
          Items: [ITEM],
        })
      }),
    )
    expect(await admin().healStatus({ bucket: 'photos', clientToken: 'tok-1' })).toEqual({
      summary: 'running',
      detail: '',
      startTime: '2026-11-22T09:00:00.000Z',
      numDisks: 4,
      settings: { recursive: true, dryRun: false },
      items: [ITEM],
    })
    expect(await seen[0]!.body).toHaveLength(0)
    await expect(admin().healStatus({ bucket: 'photos', clientToken: 'other' })).rejects.toMatchObject({
      code: 'XSiloHealInvalidClientToken',
      statusCode: 400,
    })
  })

  it("status: accepts madmin's lower-case keys, null items and omitted zero block counts", async () => {
    const {
      dataBlocks: _d,
      parityBlocks: _p,
      ...bucketItem
    } = { ...ITEM, type: 'bucket' as const, object: '' }
    server.use(
      http.post(`${BASE}/silo/admin/v1/heal`, ({ request }) => {
        const token = new URL(request.url).searchParams.get('clientToken')
        return HttpResponse.json(
          token === 'a'
            ? {
                summary: 'stopped',
                detail: 'below read quorum',
                startTime: 'T',
                numDisks: 8,
                settings: { recursive: false, dryRun: true },
                items: null,
              }
            : { Summary: 'finished', StartTime: 'T', NumDisks: 8, Settings: {}, Items: [bucketItem] },
        )
      }),
    )
    expect(await admin().healStatus({ clientToken: 'a' })).toEqual({
      summary: 'stopped',
      detail: 'below read quorum',
      startTime: 'T',
      numDisks: 8,
      settings: { recursive: false, dryRun: true },
      items: [],
    })
    const finished = await admin().healStatus({ clientToken: 'b' })
    expect(finished.items).toEqual([{ ...bucketItem, dataBlocks: 0, parityBlocks: 0 }])
  })

  it('stop: forceStop in the query, answered like a start; with a callback too', async () => {
    const answer = { clientToken: 'invalid', clientAddress: '', startTime: '2026-11-22T09:00:00.000Z' }
    server.use(http.post(`${BASE}/silo/admin/v1/heal/photos/2026/`, () => HttpResponse.json(answer)))
    expect(await admin().stopHeal({ bucket: 'photos', prefix: '2026/' })).toEqual(answer)
    expect(seen[0]!.url.searchParams.get('forceStop')).toBe('true')
    const viaCallback = await new Promise((resolve) =>
      admin().stopHeal({ bucket: 'photos', prefix: '2026/' }, (error, result) => resolve(error ?? result)),
    )
    expect(viaCallback).toEqual(answer)
  })

  it('refuses a poll without a token and a prefix without a bucket, before sending', async () => {
    await expect(admin().healStatus({ bucket: 'photos', clientToken: '' })).rejects.toThrow(/clientToken/)
    await expect(admin().stopHeal({ prefix: 'a/' })).rejects.toThrow(/prefix needs a bucket/)
    await expect(admin().healStatus({ prefix: 'a/', clientToken: 't' })).rejects.toThrow(
      /prefix needs a bucket/,
    )
    expect(seen).toEqual([])
  })
})
