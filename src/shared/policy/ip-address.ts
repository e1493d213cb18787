/** An IPv4 (4 bytes) or IPv6 (16 bytes) network: address bytes and prefix length in bits. */
export interface IpNetwork {
  readonly bytes: Uint8Array
  readonly prefix: number
}

const V4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]

/**
 * Parses an IPv4 or IPv6 address into bytes, or undefined when it is not one. An IPv4-mapped
 * IPv6 address (`::ffff:10.0.0.1`, what a dual-stack Node socket reports) becomes its IPv4
 * form, so it matches IPv4 CIDRs. A zone suffix (`%eth0`) is ignored.
 *
 * @example parseIpAddress('::ffff:10.0.0.1') // Uint8Array [10, 0, 0, 1]
 */
export function parseIpAddress(text: string): Uint8Array | undefined {
  if (!text.includes(':')) return parseIpv4(text)
  const v6 = parseIpv6(text.replace(/%.*$/s, ''))
  if (v6 !== undefined && V4_MAPPED_PREFIX.every((b, i) => v6[i] === b)) return v6.slice(12)
  return v6
}

/**
 * Parses `address/prefix` (or a bare address, meaning one host) into a network.
 *
 * @example parseCidr('10.1.0.0/16') // { bytes: [10, 1, 0, 0], prefix: 16 }
 */
export function parseCidr(text: string): IpNetwork | undefined {
  const slash = text.indexOf('/')
  const address = slash === -1 ? text : text.slice(0, slash)
  const bytes = parseIpAddress(address)
  if (bytes === undefined) return undefined
  if (slash === -1) return { bytes, prefix: bytes.length * 8 }
  const bits = text.slice(slash + 1)
  // An IPv4-mapped IPv6 block (::ffff:10.0.0.0/104) became its IPv4 address: its prefix also
  // counts the 96 bits of the mapping, and one shorter than that is no IPv4 block.
  const mapped = bytes.length === 4 && address.includes(':') ? 96 : 0
  const prefix = Number(bits) - mapped
  if (!/^\d{1,3}$/.test(bits) || prefix < 0 || prefix > bytes.length * 8) return undefined
  return { bytes, prefix }
}

/** True when `address` lies in `network` (same family only). */
export function isInNetwork(address: Uint8Array, network: IpNetwork): boolean {
  if (address.length !== network.bytes.length) return false
  const whole = network.prefix >> 3
  for (let i = 0; i < whole; i++) if (address[i] !== network.bytes[i]) return false
  const rest = network.prefix & 7
  if (rest === 0) return true
  const mask = (0xff << (8 - rest)) & 0xff
  return ((address[whole]! ^ network.bytes[whole]!) & mask) === 0
}

function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split('.')
  if (parts.length !== 4) return undefined
  const bytes = new Uint8Array(4)
  for (let i = 0; i < 4; i++) {
    const part = parts[i]!
    if (!/^(?:0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined
    bytes[i] = Number(part)
  }
  return bytes
}

function parseIpv6(text: string): Uint8Array | undefined {
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const head = parseGroups(halves[0]!)
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : []
  if (head === undefined || tail === undefined) return undefined
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail]
  const bytes = new Uint8Array(16)
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8
    bytes[2 * i + 1] = g & 0xff
  })
  return bytes
}

/** Colon-separated 16-bit groups; a dotted IPv4 tail counts as two groups. */
function parseGroups(text: string): number[] | undefined {
  if (text === '') return []
  const groups: number[] = []
  const parts = text.split(':')
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part)
      if (v4 === undefined) return undefined
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) groups.push(Number.parseInt(part, 16))
    else return undefined
  }
  return groups
}
