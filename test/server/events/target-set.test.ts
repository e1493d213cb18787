import { describe, expect, it } from 'vitest'
import { startTargets } from '../../../src/server/events/target-set.js'
import type { EventTarget, TargetFactory } from '../../../src/server/events/targets/types.js'
import { webhookTarget } from '../../../src/server/events/targets/webhook.js'
import { createLogCollector } from './helpers.js'

/** A factory whose targets fail to open `failures` times, then open. */
function flakyFactory(failures: number, opened: string[]): TargetFactory {
  return {
    kind: 'redis',
    parse: (raw) => raw as Record<string, unknown>,
    create(id, region): EventTarget {
      let left = failures
      return {
        arn: `arn:silo:sqs:${region}:${id}:redis`,
        kind: 'redis',
        id,
        async open() {
          if (left-- > 0) throw new Error('connect ECONNREFUSED')
          opened.push(id)
        },
        send: async () => undefined,
        isOnline: async () => left < 0,
        close: async () => undefined,
      }
    },
  }
}

describe('startTargets', () => {
  it('skips a bad instance with one log line and configures the others', async () => {
    const log = createLogCollector()
    const set = await startTargets({
      notify: {
        redis: { good: { enable: true } },
        webhook: { bad: { enable: true, endpoint: 'ftp://x/' } },
        smtp: { '1': {} },
      },
      log,
      factories: { webhook: webhookTarget, redis: flakyFactory(0, []) },
    })
    expect(set.targets.map((t) => t.arn)).toEqual(['arn:silo:sqs::good:redis'])
    expect(set.onlineArns()).toEqual(['arn:silo:sqs::good:redis'])
    expect(log.lines).toEqual([
      'notify.webhook["bad"].endpoint: must be an http:// or https:// URL; this target is not configured',
      'notify.smtp: unknown target kind (known: amqp, mqtt, elasticsearch, redis, nats, postgresql, mysql, kafka, webhook, nsq); this target is not configured',
    ])
    // The restart answer names both: what each would have been, and why.
    expect(set.failures).toEqual([
      {
        arn: 'arn:silo:sqs::bad:webhook',
        error: 'notify.webhook["bad"].endpoint: must be an http:// or https:// URL',
      },
      { arn: 'arn:silo:sqs::1:smtp', error: expect.stringMatching(/^notify.smtp: unknown target kind/) },
    ])
    await set.close()
  })

  it('names a webhook whose endpoint is not live as a configuration fault (seed, Errors 4)', async () => {
    const set = await startTargets({
      notify: { webhook: { '1': { enable: true, endpoint: 'http://127.0.0.1:9/' } } },
      log: () => undefined,
      factories: { webhook: webhookTarget },
    })
    expect(set.onlineArns()).toEqual([])
    expect(set.failures).toEqual([
      {
        arn: 'arn:silo:sqs::1:webhook',
        error: 'configuration fault: the endpoint http://127.0.0.1:9/ is not live and reachable',
      },
    ])
    expect(set.find('arn:silo:sqs::1:webhook')).toBeDefined() // still configured: it queues and retries
    await set.close()
  })

  it('keeps a target that does not open: not online, still found, opened by its first send', async () => {
    const opened: string[] = []
    const log = createLogCollector()
    const set = await startTargets({
      notify: { redis: { '1': { enable: true } } },
      log,
      factories: { redis: flakyFactory(1, opened) },
    })
    const [target] = set.targets
    expect(set.onlineArns()).toEqual([])
    expect(log.lines[0]).toMatch(
      /^arn:silo:sqs::1:redis: not started \(connect ECONNREFUSED\); events are queued/,
    )
    expect(set.find('arn:silo:sqs:us-east-1:1:redis')).toBe(target)
    expect(set.find('arn:silo:sqs::2:redis')).toBeUndefined()
    expect(set.find('not an arn')).toBeUndefined()
    await target!.send({ eventName: 's3:ObjectCreated:Put', key: 'b/k', eventTime: '', record: {} as never })
    expect(opened).toEqual(['1'])
    expect(set.onlineArns()).toEqual(['arn:silo:sqs::1:redis'])
    await set.close()
  })

  it('bounds the wait for a target whose open hangs', async () => {
    const hanging: TargetFactory = {
      ...flakyFactory(0, []),
      create: (id) => ({
        ...flakyFactory(0, []).create(id, '', {}),
        open: () => new Promise(() => undefined),
      }),
    }
    const started = Date.now()
    const set = await startTargets({
      notify: { redis: { '1': {} } },
      log: () => undefined,
      openTimeoutMs: 50,
      factories: { redis: hanging },
    })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(set.onlineArns()).toEqual([])
    await set.close()
  })
})

describe('startTargets: where each queue lives', () => {
  const home = { dir: '/d2/.silo.sys/events', strays: ['/d4/.silo.sys/events'] }

  it('without queueDir: the queue home, taking in what earlier starts left on other drives', async () => {
    const set = await startTargets({
      notify: { webhook: { '1': { enable: true, endpoint: 'http://127.0.0.1:9/' } } },
      log: createLogCollector(),
      factories: { webhook: webhookTarget },
      findQueueHome: async () => home,
    })
    expect(set.queues).toEqual({
      'arn:silo:sqs::1:webhook': { queueDir: home.dir, queueLimit: 10_000, adoptFrom: home.strays },
    })
    await set.close()
  })

  it('with queueDir: there, taking in what the default places hold (queueDir only moves the queue)', async () => {
    const set = await startTargets({
      notify: {
        webhook: { '1': { enable: true, endpoint: 'http://127.0.0.1:9/', queueDir: '/q', queueLimit: 5 } },
      },
      log: createLogCollector(),
      factories: { webhook: webhookTarget },
      findQueueHome: async () => home,
    })
    expect(set.queues).toEqual({
      'arn:silo:sqs::1:webhook': { queueDir: '/q', queueLimit: 5, adoptFrom: [home.dir, ...home.strays] },
    })
    await set.close()
  })
})
