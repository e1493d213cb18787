import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { type AuthorizeArgs, authorize } from '../../../src/server/auth/authorize.js'
import type { Identity } from '../../../src/server/auth/credentials.js'
import { ROUTE_TABLE } from '../../../src/server/router/route-table.js'
import { parsePolicy } from '../../../src/shared/policy/index.js'

// Authorization over every routed operation, with a user whose policy allows everything
// (`s3:*`) and one whose policy allows only GetObject: the first must pass the gate on every
// operation (a route whose action is missing from the catalogue would deny it), the second
// must be refused everywhere else, naming the action the operation needs.
const ALL = parsePolicy(
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['*'] }],
  }),
  'iam',
)
const GET_ONLY = parsePolicy(
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::*'] }],
  }),
  'iam',
)
const POLICIES = { all: ALL, 'get-only': GET_ONLY }

function argsFor(user: keyof typeof POLICIES, operation: string, level: string): AuthorizeArgs {
  const identity: Identity = { accessKey: user, root: false }
  const bucket = level === 'service' ? '' : 'b'
  const key = level === 'object' ? 'k' : ''
  const ctx = {
    iam: { users: new Map([[user, { policy: user }]]), policyOfUser: () => POLICIES[user] },
    storage: { getBucketDocument: async () => undefined },
    auth: { now: () => 0 },
  }
  const req = {
    headers: { 'x-amz-copy-source': '/src/key', authorization: 'AWS4-HMAC-SHA256 ...' },
    socket: { remoteAddress: '127.0.0.1' },
  }
  return {
    ctx: ctx as unknown as AuthorizeArgs['ctx'],
    req: req as unknown as IncomingMessage,
    route: { operation, level, bucket, key, path: `/${bucket}/${key}`, query: [] } as never,
    auth: { identity, payload: 'unsigned' } as never,
  }
}

const ROUTED = ROUTE_TABLE.map(([, level, , operation]) => [operation, level] as const)

describe('authorize: every routed operation', () => {
  it.each(ROUTED)('%s (%s level) is allowed to a user granted s3:*', async (operation, level) => {
    await expect(authorize(argsFor('all', operation, level))).resolves.toBeUndefined()
  })

  it.each(ROUTED.filter(([op]) => !['GetObject', 'HeadObject', 'SelectObjectContent'].includes(op)))(
    '%s (%s level) is refused to a user granted only s3:GetObject',
    async (operation, level) => {
      await expect(authorize(argsFor('get-only', operation, level))).rejects.toMatchObject({
        code: 'AccessDenied',
        message: expect.stringMatching(/may not s3:\w+ on arn:aws:s3:::/),
      })
    },
  )

  it('GetObjectAttributes needs s3:GetObjectAttributes, which s3:* grants', async () => {
    await expect(authorize(argsFor('get-only', 'GetObjectAttributes', 'object'))).rejects.toMatchObject({
      message: expect.stringContaining('may not s3:GetObjectAttributes on arn:aws:s3:::b/k'),
    })
  })
})
