import { networkInterfaces } from 'node:os'

/** What the start-up banner shows. */
export interface BannerInput {
  endpoints: string[]
  accessKey: string
  secretKey: string
  region: string
  usingDefaultCredential: boolean
  /**
   * Erasure mode: drives, erasure sets (absent: one) and the STANDARD class's data + parity of
   * each set (`Drives: 8 (EC 4+4)`, `Drives: 32 (2 sets of 16, EC 8+8)`).
   */
  erasure?: { drives: number; sets?: number; data: number; parity: number }
}

/**
 * The start-up banner, in MinIO's shape (`Endpoint:`, `AccessKey:`, `SecretKey:`, `Region:`).
 *
 * @example formatBanner({ endpoints: ['http://127.0.0.1:9000'], accessKey, secretKey, region, usingDefaultCredential })
 */
export function formatBanner(input: BannerInput): string {
  const lines = [
    `Endpoint:  ${input.endpoints.join('  ')}`,
    `AccessKey: ${input.accessKey}`,
    `SecretKey: ${input.secretKey}`,
    `Region:    ${input.region}`,
  ]
  if (input.erasure) {
    const { drives, sets = 1, data, parity } = input.erasure
    const split = sets > 1 ? `${sets} sets of ${drives / sets}, ` : ''
    lines.push(`Drives:    ${drives} (${split}EC ${data}+${parity})`)
  }
  if (input.usingDefaultCredential) {
    lines.push(
      '',
      'WARNING: the default root credential (siloadmin/siloadmin) is in use. Set SILO_ROOT_USER and',
      '         SILO_ROOT_PASSWORD before exposing this server to anyone else.',
    )
  }
  return lines.join('\n')
}

/**
 * The seed's start-up line for the notification targets that started without error (printed
 * again after each `service restart`). MinIO's shape: one line, the ARNs separated by spaces.
 *
 * @example formatSqsArns(['arn:silo:sqs::1:webhook']) // 'SQS ARNs: arn:silo:sqs::1:webhook'
 */
export function formatSqsArns(arns: readonly string[]): string {
  return `SQS ARNs: ${arns.join(' ')}`
}

/**
 * The URLs a server bound to `host:port` is reachable at: the host itself, or every local
 * IPv4 address (loopback first) when bound to all interfaces.
 */
export function listEndpoints(host: string, port: number): string[] {
  if (host !== '' && host !== '0.0.0.0' && host !== '::') return [`http://${formatHost(host)}:${port}`]
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4')
    .map((a) => a!.address)
    .sort((a, b) => Number(b.startsWith('127.')) - Number(a.startsWith('127.')))
  return (addresses.length > 0 ? addresses : ['127.0.0.1']).map((a) => `http://${a}:${port}`)
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}
