import type { AdminArgs } from '../admin-args.js'
import { decryptJsonBody, parseJsonBody } from '../admin-body.js'
import { sendJson, sendNoContent } from '../admin-response.js'

/**
 * `PUT /silo/admin/v1/users/{accessKey}` with the encrypted body
 * `{"secretKey": "...", "policy": "readonly", "status"?: "enabled"}`: adds or replaces a user.
 */
export async function handleAddUser({ ctx, params, body, res }: AdminArgs): Promise<void> {
  const fields = await decryptJsonBody(body, ctx.iam.root.current.secretKey)
  await ctx.iam.addUser({
    accessKey: params.accessKey!,
    secretKey: fields.secretKey as string,
    policy: fields.policy as string,
    status: (fields.status ?? 'enabled') as 'enabled',
  })
  sendNoContent(res)
}

/** `DELETE /silo/admin/v1/users/{accessKey}`. */
export async function handleRemoveUser({ ctx, params, res }: AdminArgs): Promise<void> {
  await ctx.iam.removeUser(params.accessKey!)
  sendNoContent(res)
}

/** `PUT /silo/admin/v1/users/{accessKey}/status` with `{"status": "enabled" | "disabled"}`. */
export async function handleSetUserStatus({ ctx, params, body, res }: AdminArgs): Promise<void> {
  const { status } = parseJsonBody(body)
  await ctx.iam.setUserStatus(params.accessKey!, status)
  sendNoContent(res)
}

/** `PUT /silo/admin/v1/users/{accessKey}/policy` with `{"policy": "<canned policy name>"}`. */
export async function handleSetUserPolicy({ ctx, params, body, res }: AdminArgs): Promise<void> {
  const { policy } = parseJsonBody(body)
  await ctx.iam.setUserPolicy(params.accessKey!, policy as string)
  sendNoContent(res)
}

/** `GET /silo/admin/v1/users`: `{"users": [{accessKey, status, policy}]}`, never a secret. */
export async function handleListUsers({ ctx, res }: AdminArgs): Promise<void> {
  sendJson(res, 200, { users: ctx.iam.users.list() })
}
