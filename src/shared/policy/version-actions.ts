import type { S3Action } from './actions.js'

/**
 * The action a request needs when it names a version (`?versionId=`, or a copy source's
 * `?versionId=`), as S3 maps them: GetObject of a version needs `s3:GetObjectVersion`, DeleteObject
 * of a version `s3:DeleteObjectVersion`, and so on for the ACL, tagging and attributes
 * sub-resources. Actions without a version form are needed as they are.
 */
const VERSION_ACTIONS: Partial<Record<S3Action, S3Action>> = {
  's3:GetObject': 's3:GetObjectVersion',
  's3:DeleteObject': 's3:DeleteObjectVersion',
  's3:GetObjectAcl': 's3:GetObjectVersionAcl',
  's3:PutObjectAcl': 's3:PutObjectVersionAcl',
  's3:GetObjectTagging': 's3:GetObjectVersionTagging',
  's3:PutObjectTagging': 's3:PutObjectVersionTagging',
  's3:DeleteObjectTagging': 's3:DeleteObjectVersionTagging',
  's3:GetObjectAttributes': 's3:GetObjectVersionAttributes',
}

/**
 * The action needed for `action` on a named version (`versionId` undefined: `action` itself).
 *
 * @example actionForVersion('s3:GetObject', '3HL4kqtJlcpXroDTDmJ') // 's3:GetObjectVersion'
 */
export function actionForVersion(action: S3Action, versionId: string | undefined): S3Action {
  if (versionId === undefined) return action
  return VERSION_ACTIONS[action] ?? action
}
