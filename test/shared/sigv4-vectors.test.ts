// AWS SigV4 test vectors, transcribed as data:
// - the generic "aws-sig-v4-test-suite" (service 'service', AKIDEXAMPLE, 20150830T123600Z);
// - S3's "Examples: Signature Calculations in AWS Signature Version 4" (header, presigned, chunked).
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import {
  canonicalUri,
  computeSignature,
  createChunkStringToSign,
  deriveSigningKey,
  EMPTY_SHA256,
  type HeaderValue,
  parseQueryString,
  presignRequest,
  signRequest,
} from '../../src/shared/sigv4/index.js'

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex')

interface SuiteVector {
  name: string
  method: string
  /** Path and query as on the request line. */
  uri: string
  headers: Record<string, HeaderValue>
  body?: string
  creq: string
  /** Last line of the string to sign (hash of the canonical request). */
  creqHash: string
  signature: string
  normalize?: boolean
}

const HOST = 'example.amazonaws.com'
const DATE = '20150830T123600Z'
const base = { Host: HOST, 'X-Amz-Date': DATE }
const creqTail = (signed: string, payload = EMPTY_SHA256) => `\n${signed}\n${payload}`
const hostDate = `host:${HOST}\nx-amz-date:${DATE}\n`

const SUITE: SuiteVector[] = [
  {
    name: 'get-vanilla',
    method: 'GET',
    uri: '/',
    headers: base,
    creq: `GET\n/\n\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: 'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    signature: '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
  },
  {
    name: 'get-vanilla-query',
    method: 'GET',
    uri: '/?',
    headers: base,
    creq: `GET\n/\n\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: 'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    signature: '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
  },
  {
    name: 'get-vanilla-empty-query-key',
    method: 'GET',
    uri: '/?Param1=value1',
    headers: base,
    creq: `GET\n/\nParam1=value1\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: '1e24db194ed7d0eec2de28d7369675a243488e08526e8c1c73571282f7c517ab',
    signature: 'a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb',
  },
  {
    name: 'get-vanilla-query-order-key',
    method: 'GET',
    uri: '/?Param1=value2&Param1=Value1',
    headers: base,
    creq: `GET\n/\nParam1=Value1&Param1=value2\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: '704b4cef673542d84cdff252633f065e8daeba5f168b77116f8b1bcaf3d38f89',
    signature: 'eedbc4e291e521cf13422ffca22be7d2eb8146eecf653089df300a15b2382bd1',
  },
  {
    name: 'get-vanilla-query-order-key-case',
    method: 'GET',
    uri: '/?Param2=value2&Param1=value1',
    headers: base,
    creq: `GET\n/\nParam1=value1&Param2=value2\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: '816cd5b414d056048ba4f7c5386d6e0533120fb1fcfa93762cf0fc39e2cf19e0',
    signature: 'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
  },
  {
    name: 'get-vanilla-query-order-value',
    method: 'GET',
    uri: '/?Param1=value2&Param1=value1',
    headers: base,
    creq: `GET\n/\nParam1=value1&Param1=value2\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: 'c968629d70850097a2d8781c9bf7edcb988b04cac14cca9be4acc3595f884606',
    signature: '5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694',
  },
  {
    name: 'get-vanilla-query-unreserved',
    method: 'GET',
    uri: `/?${UNRESERVED()}=${UNRESERVED()}`,
    headers: base,
    creq: `GET\n/\n${UNRESERVED()}=${UNRESERVED()}\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: 'c30d4703d9f799439be92736156d47ccfb2d879ddf56f5befa6d1d6aab979177',
    signature: '9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197',
  },
  {
    name: 'get-vanilla-utf8-query',
    method: 'GET',
    uri: '/?ሴ=bar',
    headers: base,
    creq: `GET\n/\n%E1%88%B4=bar\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: 'eb30c5bed55734080471a834cc727ae56beb50e5f39d1bff6d0d38cb192a7073',
    signature: '2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04',
  },
  {
    name: 'get-unreserved',
    method: 'GET',
    uri: `/${UNRESERVED()}`,
    headers: base,
    creq: `GET\n/${UNRESERVED()}\n\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: '6a968768eefaa713e2a6b16b589a8ea192661f098f37349f4e2c0082757446f9',
    signature: '07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f',
  },
  {
    name: 'get-utf8',
    method: 'GET',
    uri: '/ሴ',
    headers: base,
    creq: `GET\n/%E1%88%B4\n\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: '2a0a97d02205e45ce2e994789806b19270cfbbb0921b278ccf58f5249ac42102',
    signature: '8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85',
  },
  {
    name: 'get-header-value-trim',
    method: 'GET',
    uri: '/',
    headers: { Host: HOST, 'My-Header1': ' value1', 'My-Header2': ' "a   b   c"', 'X-Amz-Date': DATE },
    creq: `GET\n/\n\nhost:${HOST}\nmy-header1:value1\nmy-header2:"a b c"\nx-amz-date:${DATE}\n${creqTail('host;my-header1;my-header2;x-amz-date')}`,
    creqHash: 'a726db9b0df21c14f559d0a978e563112acb1b9e05476f0a6a1c7d68f28605c7',
    signature: 'acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736',
  },
  {
    name: 'get-header-key-duplicate',
    method: 'GET',
    uri: '/',
    headers: { Host: HOST, 'My-Header1': ['value2', 'value2', 'value1'], 'X-Amz-Date': DATE },
    creq: `GET\n/\n\nhost:${HOST}\nmy-header1:value2,value2,value1\nx-amz-date:${DATE}\n${creqTail('host;my-header1;x-amz-date')}`,
    creqHash: 'dc7f04a3abfde8d472b0ab1a418b741b7c67174dad1551b4117b15527fbe966c',
    signature: 'c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea',
  },
  {
    name: 'get-header-value-order',
    method: 'GET',
    uri: '/',
    headers: { Host: HOST, 'My-Header1': ['value4', 'value1', 'value3', 'value2'], 'X-Amz-Date': DATE },
    creq: `GET\n/\n\nhost:${HOST}\nmy-header1:value4,value1,value3,value2\nx-amz-date:${DATE}\n${creqTail('host;my-header1;x-amz-date')}`,
    creqHash: '31ce73cd3f3d9f66977ad3dd957dc47af14df92fcd8509f59b349e9137c58b86',
    signature: '08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01',
  },
  {
    name: 'post-vanilla',
    method: 'POST',
    uri: '/',
    headers: base,
    creq: `POST\n/\n\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: '553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87',
    signature: '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
  },
  {
    name: 'post-header-key-sort',
    method: 'POST',
    uri: '/',
    headers: { Host: HOST, 'My-Header1': 'value1', 'X-Amz-Date': DATE },
    creq: `POST\n/\n\nhost:${HOST}\nmy-header1:value1\nx-amz-date:${DATE}\n${creqTail('host;my-header1;x-amz-date')}`,
    creqHash: '9368318c2967cf6de74404b30c65a91e8f6253e0a8659d6d5319f1a812f87d65',
    signature: 'c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c',
  },
  {
    name: 'post-header-value-case',
    method: 'POST',
    uri: '/',
    headers: { Host: HOST, 'My-Header1': 'VALUE1', 'X-Amz-Date': DATE },
    creq: `POST\n/\n\nhost:${HOST}\nmy-header1:VALUE1\nx-amz-date:${DATE}\n${creqTail('host;my-header1;x-amz-date')}`,
    creqHash: 'd51ced243e649e3de6ef63afbbdcbca03131a21a7103a1583706a64618606a93',
    signature: 'cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d',
  },
  {
    name: 'post-vanilla-query',
    method: 'POST',
    uri: '/?Param1=value1',
    headers: base,
    creq: `POST\n/\nParam1=value1\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash: '9d659678c1756bb3113e2ce898845a0a79dbbc57b740555917687f1b3340fbbd',
    signature: '28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11',
  },
  {
    name: 'post-x-www-form-urlencoded',
    method: 'POST',
    uri: '/',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...base },
    body: 'Param1=value1',
    creq: `POST\n/\n\ncontent-type:application/x-www-form-urlencoded\n${hostDate}${creqTail('content-type;host;x-amz-date', '9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e')}`,
    creqHash: '42a5e5bb34198acb3e84da4f085bb7927f2bc277ca766e6d19c73c2154021281',
    signature: 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
  },
  {
    name: 'post-x-www-form-urlencoded-parameters',
    method: 'POST',
    uri: '/',
    // The suite's own files disagree on this one; AWS's original signs 'charset=utf8' (no hyphen).
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf8', ...base },
    body: 'Param1=value1',
    creq: `POST\n/\n\ncontent-type:application/x-www-form-urlencoded; charset=utf8\n${hostDate}${creqTail('content-type;host;x-amz-date', '9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e')}`,
    creqHash: '2e1cf7ed91881a30569e46552437e4156c823447bf1781b921b5d486c568dd1c',
    signature: '1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe',
  },
  {
    name: 'post-sts-header-before',
    method: 'POST',
    uri: '/',
    headers: { ...base, 'X-Amz-Security-Token': STS_TOKEN() },
    creq: `POST\n/\n\n${hostDate}x-amz-security-token:${STS_TOKEN()}\n${creqTail('host;x-amz-date;x-amz-security-token')}`,
    creqHash: 'c237e1b440d4c63c32ca95b5b99481081cb7b13c7e40434868e71567c1a882f6',
    signature: '85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead',
  },
  ...(
    [
      [
        'get-slash',
        '//',
        '/',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
        '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
      ],
      [
        'get-slashes',
        '//example//',
        '/example/',
        'cb96b4ac96d501f7c5c15bc6d67b3035061cfced4af6585ad927f7e6c985c015',
        '9a624bd73a37c9a373b5312afbebe7a714a789de108f0bdfe846570885f57e84',
      ],
      [
        'get-slash-dot-slash',
        '/./',
        '/',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
        '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
      ],
      [
        'get-slash-pointless-dot',
        '/./example',
        '/example',
        '214d50c111a8edc4819da6a636336472c916b5240f51e9a51b5c3305180cf702',
        'ef75d96142cf21edca26f06005da7988e4f8dc83a165a80865db7089db637ec5',
      ],
      [
        'get-relative',
        '/example/..',
        '/',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
        '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
      ],
      [
        'get-relative-relative',
        '/example1/example2/../..',
        '/',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
        '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
      ],
      [
        'get-space',
        '/example space/',
        '/example%20space/',
        '63ee75631ed7234ae61b5f736dfc7754cdccfedbff4b5128a915706ee9390d86',
        '652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741',
      ],
    ] as const
  ).map(([name, uri, canonical, creqHash, signature]) => ({
    name,
    method: 'GET',
    uri,
    headers: base,
    creq: `GET\n${canonical}\n\n${hostDate}${creqTail('host;x-amz-date')}`,
    creqHash,
    signature,
    normalize: true,
  })),
]

function UNRESERVED() {
  return '-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
}

function STS_TOKEN() {
  return 'AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA=='
}

describe('aws-sig-v4-test-suite (generic SigV4: double-encoded, optionally normalized paths)', () => {
  it.each(SUITE.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const q = v.uri.indexOf('?')
    const result = signRequest(
      nodeCrypto,
      {
        method: v.method,
        path: q === -1 ? v.uri : v.uri.slice(0, q),
        query: q === -1 ? [] : parseQueryString(v.uri.slice(q + 1)),
        headers: v.headers,
      },
      {
        accessKey: 'AKIDEXAMPLE',
        secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'service',
        date: new Date(Date.UTC(2015, 7, 30, 12, 36, 0)),
        payloadHash: sha256(v.body ?? ''),
        doubleEncode: true,
        normalize: v.normalize ?? false,
      },
    )
    expect(result.canonicalRequest).toBe(v.creq)
    expect(result.stringToSign).toBe(
      `AWS4-HMAC-SHA256\n${DATE}\n20150830/us-east-1/service/aws4_request\n${v.creqHash}`,
    )
    expect(result.signature).toBe(v.signature)
  })
})

describe('S3 signature examples (AKIAIOSFODNN7EXAMPLE, 20130524)', () => {
  const creds = {
    accessKey: 'AKIAIOSFODNN7EXAMPLE',
    secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    date: new Date(Date.UTC(2013, 4, 24)),
  }
  const host = 'examplebucket.s3.amazonaws.com'
  const amz = { 'x-amz-date': '20130524T000000Z', 'x-amz-content-sha256': EMPTY_SHA256 }

  it('GET Object with Range', () => {
    const r = signRequest(
      nodeCrypto,
      { method: 'GET', path: '/test.txt', headers: { Host: host, Range: 'bytes=0-9', ...amz } },
      creds,
    )
    expect(r.canonicalRequest).toBe(
      `GET\n/test.txt\n\nhost:${host}\nrange:bytes=0-9\nx-amz-content-sha256:${EMPTY_SHA256}\nx-amz-date:20130524T000000Z\n\nhost;range;x-amz-content-sha256;x-amz-date\n${EMPTY_SHA256}`,
    )
    expect(r.stringToSign.split('\n')[3]).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    )
    expect(r.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
    expect(r.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('PUT Object (key with $, Date and storage-class headers)', () => {
    const payload = sha256('Welcome to Amazon S3.')
    expect(payload).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072')
    const r = signRequest(
      nodeCrypto,
      {
        method: 'PUT',
        path: '/test$file.text',
        headers: {
          Host: host,
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-date': '20130524T000000Z',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': payload,
        },
      },
      creds,
    )
    expect(r.canonicalRequest.split('\n')[1]).toBe('/test%24file.text')
    expect(r.stringToSign.split('\n')[3]).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    )
    expect(r.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd')
  })

  it('GET Bucket Lifecycle (?lifecycle)', () => {
    const r = signRequest(
      nodeCrypto,
      { method: 'GET', path: '/', query: parseQueryString('lifecycle'), headers: { Host: host, ...amz } },
      creds,
    )
    expect(r.canonicalRequest.split('\n')[2]).toBe('lifecycle=')
    expect(r.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543')
  })

  it('GET Bucket (List Objects) ?max-keys=2&prefix=J', () => {
    const r = signRequest(
      nodeCrypto,
      {
        method: 'GET',
        path: '/',
        query: parseQueryString('max-keys=2&prefix=J'),
        headers: { Host: host, ...amz },
      },
      creds,
    )
    expect(r.stringToSign.split('\n')[3]).toBe(
      'df57d21db20da04d7fa30298dd4488ba3a2b47ca3a489c74750e0f1e7df1b9b7',
    )
    expect(r.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7')
  })

  it('presigned URL (GET /test.txt, 86400 s)', () => {
    const r = presignRequest(
      nodeCrypto,
      { method: 'GET', path: '/test.txt', headers: { host } },
      {
        ...creds,
        expires: 86400,
      },
    )
    expect(r.signature).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404')
    expect(r.canonicalRequest).toBe(
      'GET\n/test.txt\nX-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host\nhost:examplebucket.s3.amazonaws.com\n\nhost\nUNSIGNED-PAYLOAD',
    )
    expect(r.query.at(-1)).toEqual(['X-Amz-Signature', r.signature])
  })

  it('chunked upload: seed and chunk signatures (STREAMING-AWS4-HMAC-SHA256-PAYLOAD)', () => {
    const seed = signRequest(
      nodeCrypto,
      {
        method: 'PUT',
        path: '/examplebucket/chunkObject.txt',
        headers: {
          Host: 's3.amazonaws.com',
          'x-amz-date': '20130524T000000Z',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
          'Content-Encoding': 'aws-chunked',
          'x-amz-decoded-content-length': '66560',
          'Content-Length': '66824',
        },
      },
      creds,
    )
    expect(seed.signature).toBe('4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9')
    const key = deriveSigningKey(nodeCrypto, creds.secretKey, '20130524', 'us-east-1')
    const chain = [seed.signature]
    for (const chunk of [Buffer.alloc(65536, 'a'), Buffer.alloc(1024, 'a'), Buffer.alloc(0)]) {
      const sts = createChunkStringToSign(seed.amzDate, seed.scope, chain.at(-1)!, sha256(chunk))
      chain.push(computeSignature(nodeCrypto, key, sts))
    }
    expect(chain.slice(1)).toEqual([
      'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648',
      '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497',
      'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9',
    ])
  })
})

describe('canonicalUri for S3 (single encoding, no normalization)', () => {
  it.each([
    ['/bucket/a%20b', '/bucket/a%20b'],
    ['/bucket/a b', '/bucket/a%20b'],
    ['/bucket/a!b', '/bucket/a%21b'],
    ['/bucket/a%21b', '/bucket/a%21b'],
    ['/bucket/x/../y/./z//', '/bucket/x/../y/./z//'],
    ['/bucket/%E1%88%B4', '/bucket/%E1%88%B4'],
  ])('%s → %s', (wire, expected) => {
    expect(canonicalUri(wire)).toBe(expected)
  })

  it('double-encodes only when asked (generic services)', () => {
    expect(canonicalUri('/a%20b', { doubleEncode: true })).toBe('/a%2520b')
  })
})
