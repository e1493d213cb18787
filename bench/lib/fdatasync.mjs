// What one fdatasync costs on the file system the servers store on: the floor under a durable
// small PUT (issue 18: "≤ 2 fdatasyncs + a bare HTTP round trip").
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { percentileOf } from './stats.mjs'

const PAGE = Buffer.alloc(4096, 0x66)

/**
 * Times `count` rounds each of two durable 4 KiB writes on a file in `dir`, alternating:
 * `append` writes a new page at the end of the file, then fdatasync (the file grows, so the sync
 * also commits its new size: what a metadata store that grows with its bucket pays; ~0.5 ms here,
 * the figure issue 18 quotes), and `inPlace` rewrites the first page, then fdatasync (no size
 * change: the cheapest durable write). Synchronous: call it between measured runs. Returns
 * {append: {p50Ms, p99Ms}, inPlace: {p50Ms, p99Ms}, count}.
 */
export function measureFdatasync(dir, count = 200) {
  const path = join(dir, `fdatasync-probe-${process.pid}`)
  const fd = openSync(path, 'w')
  const timed = (write) => {
    const start = performance.now()
    write()
    fdatasyncSync(fd)
    return performance.now() - start
  }
  try {
    writeSync(fd, PAGE, 0, PAGE.length, 0)
    fdatasyncSync(fd)
    const append = []
    const inPlace = []
    for (let i = 1; i <= count; i++) {
      append.push(timed(() => writeSync(fd, PAGE, 0, PAGE.length, i * PAGE.length)))
      inPlace.push(timed(() => writeSync(fd, PAGE, 0, PAGE.length, 0)))
    }
    const summary = (times) => ({ p50Ms: percentileOf(times, 0.5), p99Ms: percentileOf(times, 0.99) })
    return { append: summary(append), inPlace: summary(inPlace), count }
  } finally {
    closeSync(fd)
    rmSync(path, { force: true })
  }
}
