// What one fdatasync costs on the file system the servers store on: the floor under a durable
// small PUT (issue 18: "≤ 2 fdatasyncs + a bare HTTP round trip").
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { percentileOf } from './stats.mjs'

const PAGE = Buffer.alloc(4096, 0x66)

/**
 * Times `count` rounds of "write one 4 KiB page in place, fdatasync" on a file in `dir` (the page
 * exists and is synced first, so no round changes the file's size: the cheapest durable write a
 * commit can make). Synchronous: call it between measured runs. Returns {p50Ms, p99Ms, count}.
 */
export function measureFdatasync(dir, count = 200) {
  const path = join(dir, `fdatasync-probe-${process.pid}`)
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, PAGE, 0, PAGE.length, 0)
    fdatasyncSync(fd)
    const times = []
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      writeSync(fd, PAGE, 0, PAGE.length, 0)
      fdatasyncSync(fd)
      times.push(performance.now() - start)
    }
    return { p50Ms: percentileOf(times, 0.5), p99Ms: percentileOf(times, 0.99), count }
  } finally {
    closeSync(fd)
    rmSync(path, { force: true })
  }
}
