import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { readBody } from '../../body/read-body.js'
import { openRequestBody } from '../../body/request-body.js'
import type { Handler, HandlerArgs } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'

const MAX_CONFIGURATION_BYTES = 64 * 1024
const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false })

/**
 * CreateBucket with an optional `CreateBucketConfiguration` body whose LocationConstraint must
 * be empty or the server's region. The name was validated by the router (InvalidBucketName).
 */
export const handleCreateBucket: Handler = async (args) => {
  const { ctx, res, route } = args
  const location = await readLocationConstraint(args)
  if (location !== '' && location !== ctx.region) {
    throw new S3ServerError(
      'IllegalLocationConstraintException',
      `The location constraint '${location}' is not valid for this server, whose region is '${ctx.region}'.`,
    )
  }
  await ctx.storage.createBucket(route.bucket, location)
  sendEmpty(res, 200, { location: `/${route.bucket}` })
}

async function readLocationConstraint({ ctx, req, auth }: HandlerArgs): Promise<string> {
  if (
    req.headers['content-length'] === '0' ||
    (req.headers['content-length'] === undefined && !req.headers['transfer-encoding'])
  ) {
    return ''
  }
  const { body } = openRequestBody(req, auth, ctx.auth.crypto, MAX_CONFIGURATION_BYTES)
  const text = (await readBody(body, MAX_CONFIGURATION_BYTES)).toString('utf8').trim()
  if (text === '') return ''
  if (XMLValidator.validate(text) !== true) {
    throw new S3ServerError('MalformedXML', 'The CreateBucketConfiguration body is not well-formed XML.')
  }
  const doc = parser.parse(text) as Record<string, unknown>
  const config = doc.CreateBucketConfiguration
  if (config === undefined) {
    throw new S3ServerError('MalformedXML', 'The request body must be a CreateBucketConfiguration document.')
  }
  if (config === '' || typeof config !== 'object' || config === null) return ''
  const constraint = (config as Record<string, unknown>).LocationConstraint
  if (constraint === undefined || constraint === '') return ''
  if (typeof constraint !== 'string') {
    throw new S3ServerError('MalformedXML', 'LocationConstraint must be a region name.')
  }
  return constraint.trim()
}
