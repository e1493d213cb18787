import type { AdminArgs } from '../admin-args.js'
import { decryptJsonBody } from '../admin-body.js'
import { sendNoContent } from '../admin-response.js'

/**
 * `PUT /silo/admin/v1/credential` with the encrypted body `{"accessKey": "...", "secretKey": "..."}`
 * (encrypted with the CURRENT secret key): the new root credential is persisted and works at
 * once; the old one is refused from the next request on.
 */
export async function handleSetCredential({ ctx, body, res }: AdminArgs): Promise<void> {
  const { accessKey, secretKey } = await decryptJsonBody(body, ctx.iam.root.current.secretKey)
  await ctx.iam.setRootCredential({ accessKey: accessKey as string, secretKey: secretKey as string })
  sendNoContent(res)
}
