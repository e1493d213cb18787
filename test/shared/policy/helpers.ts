/** A policy document with `statement` (object or array) as its Statement, as JSON text. */
export const doc = (statement: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ Version: '2012-10-17', Statement: statement, ...extra })

/** An IAM statement allowing GetObject on everything, with `more` merged in. */
export const allow = (more: Record<string, unknown> = {}) => ({
  Effect: 'Allow',
  Action: 's3:GetObject',
  Resource: '*',
  ...more,
})

/** A bucket-policy statement for bucket "photos" allowing anonymous GetObject, with `more` merged in. */
export const pub = (more: Record<string, unknown> = {}) => ({
  Effect: 'Allow',
  Principal: '*',
  Action: 's3:GetObject',
  Resource: 'arn:aws:s3:::photos/*',
  ...more,
})

/** `${name}` — a policy variable, written without tripping the template-string lint. */
export const variable = (name: string) => `\${${name}}`
