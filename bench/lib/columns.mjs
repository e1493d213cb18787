// The column sets the scenarios' tables use.

const opsColumns = (baselineLabel) => [
  { key: 'opsPerSec', header: 'ops/s', format: 'count' },
  { key: 'ratio', header: `× ${baselineLabel}`, format: 'ratio' },
  { key: 'opsSpread', header: 'spread', format: 'percent' },
]

/** SDK comparison: one row per SDK against one server. */
export function sdkColumns({ large }) {
  return [
    { key: 'label', header: 'SDK', align: 'left' },
    ...opsColumns('minio-js'),
    ...(large ? [{ key: 'mibPerSec', header: 'MiB/s', format: 'number' }] : []),
    { key: 'clientUs', header: 'client µs/op', format: 'number' },
    { key: 'serverUs', header: 'server µs/op', format: 'number' },
    { key: 'clientRss', header: 'client peak RSS MiB', format: 'mib' },
  ]
}

/** Server comparison: one row per server, same client. */
export function serverColumns() {
  return [
    { key: 'label', header: 'server', align: 'left' },
    ...opsColumns('s3rver'),
    { key: 'serverUs', header: 'server µs/op', format: 'number' },
    { key: 'cpuRatio', header: 's3rver µs ÷ this', format: 'ratio' },
    { key: 'clientUs', header: 'client µs/op', format: 'number' },
    { key: 'serverRss', header: 'server peak RSS MiB', format: 'mib' },
    { key: 'clientRss', header: 'client peak RSS MiB', format: 'mib' },
  ]
}

/** Physical references: one row per measurement. */
export function referenceColumns() {
  return [
    { key: 'label', header: 'reference', align: 'left' },
    { key: 'opsPerSec', header: 'ops/s', format: 'count' },
    { key: 'mibPerSec', header: 'MiB/s', format: 'number' },
    { key: 'opsSpread', header: 'spread', format: 'percent' },
    { key: 'clientUs', header: 'client µs/op', format: 'number' },
    { key: 'serverUs', header: 'server µs/op', format: 'number' },
  ]
}

/** Throughput-only references (hashing). */
export function throughputColumns() {
  return [
    { key: 'label', header: 'reference', align: 'left' },
    { key: 'mibPerSec', header: 'MiB/s', format: 'number' },
    { key: 'opsSpread', header: 'spread', format: 'percent' },
  ]
}
