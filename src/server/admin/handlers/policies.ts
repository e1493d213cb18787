import { S3ServerError } from '../../errors.js'
import type { AdminArgs } from '../admin-args.js'
import { sendJson, sendNoContent } from '../admin-response.js'

/** `PUT /silo/admin/v1/policies/{name}` with the policy document as the (plain JSON) body. */
export async function handleAddCannedPolicy({ ctx, params, body, res }: AdminArgs): Promise<void> {
  if (body.length === 0) {
    throw new S3ServerError('XSiloAdminInvalidArgument', 'The policy document (the request body) is empty.')
  }
  await ctx.iam.addPolicy(params.name!, body.toString('utf8'))
  sendNoContent(res)
}

/** `DELETE /silo/admin/v1/policies/{name}`. */
export async function handleRemoveCannedPolicy({ ctx, params, res }: AdminArgs): Promise<void> {
  await ctx.iam.removePolicy(params.name!)
  sendNoContent(res)
}

/** `GET /silo/admin/v1/policies`: `{"policies": [{name, builtIn, policy}]}`, policy as a JSON object. */
export async function handleListCannedPolicies({ ctx, res }: AdminArgs): Promise<void> {
  const policies = ctx.iam.policies.list().map(({ name, builtIn, document }) => ({
    name,
    builtIn,
    policy: JSON.parse(document) as unknown,
  }))
  sendJson(res, 200, { policies })
}

/** `GET /silo/admin/v1/policies/{name}`: the policy document. */
export async function handleGetCannedPolicy({ ctx, params, res }: AdminArgs): Promise<void> {
  const found = ctx.iam.policies.list().find((p) => p.name === params.name)
  if (!found) {
    throw new S3ServerError('XSiloAdminNoSuchPolicy', `The canned policy '${params.name}' does not exist.`)
  }
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(found.document),
  })
  res.end(found.document)
}
