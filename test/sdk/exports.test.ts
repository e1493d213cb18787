import { expect, it } from 'vitest'
import * as entry from '../../src/index.js'

it('keeps the public runtime exports of the package entry stable', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "AdminClient",
      "AnonymousRequestError",
      "Client",
      "CloudFunctionConfig",
      "CopyConditions",
      "CopyDestinationOptions",
      "CopySourceOptions",
      "CredentialProvider",
      "Credentials",
      "DEFAULT_REGION",
      "ENCRYPTION_TYPES",
      "ExpiresParamError",
      "InvalidArgumentError",
      "InvalidBucketNameError",
      "InvalidEndpointError",
      "InvalidObjectNameError",
      "InvalidPrefixError",
      "InvalidXMLError",
      "NetworkError",
      "NotificationConfig",
      "NotificationListener",
      "ObjectCreatedAll",
      "ObjectCreatedCompleteMultipartUpload",
      "ObjectCreatedCopy",
      "ObjectCreatedPost",
      "ObjectCreatedPut",
      "ObjectReducedRedundancyLostObject",
      "ObjectRemovedAll",
      "ObjectRemovedDelete",
      "ObjectRemovedDeleteMarkerCreated",
      "PostPolicy",
      "QueueConfig",
      "S3Error",
      "SelectResults",
      "TargetConfig",
      "TimeoutError",
      "TopicConfig",
      "buildARN",
    ]
  `)
})
