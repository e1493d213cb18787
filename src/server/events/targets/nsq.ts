import type { Writer } from 'nsqjs'
import { type CommonParams, checkHostPort, readCommonParams, splitHostPort } from './common-params.js'
import { createLazyConnection, withTimeout } from './connection.js'
import { loadTargetLibrary } from './load-library.js'
import { buildTargetMessage, formatTargetArn } from './message.js'
import { type FieldReader, readFields } from './params.js'
import { asTargetError } from './target-error.js'
import type { EventTarget, TargetFactory } from './types.js'

/** `notify.nsq.<id>`: see the seed's nsq parameter table. */
export type NsqParams = CommonParams & {
  /** `<host>:<port>` of the nsqd TCP listener. */
  nsqdAddress: string
  topic: string
  tls: { enable: boolean; skipVerify: boolean }
}

/** How long connecting (with IDENTIFY) and each publish may take. */
const NSQ_TIMEOUT_MS = 5000

/**
 * NSQ target (nsqjs): publishes the common payload to `topic` on one nsqd with PUB and waits for
 * its `OK`. MinIO's producer connected lazily and never at start-up; here `open` connects, so
 * the banner lists an NSQ target only when nsqd answered.
 */
export const nsqTarget: TargetFactory<NsqParams> = {
  kind: 'nsq',
  parse(raw, path = 'notify.nsq') {
    const r = readFields(raw, path)
    const params: NsqParams = {
      ...readCommonParams(r),
      nsqdAddress: r.string('nsqdAddress', { required: true, check: checkHostPort }),
      topic: r.string('topic', {
        required: true,
        check: (v) =>
          /^[.a-zA-Z0-9_-]{1,64}(#ephemeral)?$/.test(v)
            ? undefined
            : 'must be 1-64 letters, digits, ., _ or - (optionally ending in #ephemeral)',
      }),
      tls: readTls(r.object('tls')),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createNsqTarget(formatTargetArn(region, id, 'nsq'), id, params)
  },
}

function readTls(r: FieldReader): NsqParams['tls'] {
  const tls = { enable: r.bool('enable'), skipVerify: r.bool('skipVerify') }
  r.done()
  return tls
}

function createNsqTarget(arn: string, id: string, params: NsqParams): EventTarget {
  const { host, port } = splitHostPort(params.nsqdAddress)
  const conn = createLazyConnection<Writer>(
    async (drop) => {
      const { Writer: NsqWriter } = await loadTargetLibrary('nsq', () => import('nsqjs'))
      return withTimeout(
        new Promise<Writer>((resolve, reject) => {
          const writer = new NsqWriter(host, port, {
            clientId: arn.slice(0, 64),
            tls: params.tls.enable,
            tlsVerification: !params.tls.skipVerify,
          })
          let ready = false
          // nsqjs emits 'error' more than once (connect, then close); an emitter without a
          // listener would throw them as uncaught exceptions, so one listener stays for good.
          writer.on('error', (e: Error) => {
            if (ready) return drop(writer)
            closeQuietly(writer)
            reject(e)
          })
          writer.on('closed', () => {
            if (ready) drop(writer)
            // nsqjs reports 'closed' before the 'error' that says why; let the reason win.
            else setImmediate(() => reject(new Error('nsqd closed the connection during IDENTIFY')))
          })
          writer.once('ready', () => {
            ready = true
            resolve(writer)
          })
          writer.connect()
        }),
        NSQ_TIMEOUT_MS,
        'connecting to nsqd',
      )
    },
    async (writer) => closeQuietly(writer),
  )

  return {
    arn,
    kind: 'nsq',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const writer = await conn.get()
        const payload = JSON.stringify(buildTargetMessage(event, 'nsq'))
        const published = new Promise<void>((resolve, reject) =>
          writer.publish(params.topic, payload, (e?: Error) => (e ? reject(e) : resolve())),
        )
        try {
          await withTimeout(published, NSQ_TIMEOUT_MS, 'publishing to nsqd')
        } catch (e) {
          conn.drop(writer) // an unanswered PUB leaves the stream in an unknown state
          throw e
        }
      }),
    isOnline: () => conn.isOnline(),
    close: () => conn.close(),
  }
}

function closeQuietly(writer: Writer): void {
  try {
    writer.close()
  } catch {
    // never connected: nothing to close
  }
}
