// Reads another process's CPU time and peak memory from /proc (Linux only), so the
// server's cost is measured from outside it, without any cooperation from the server.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
export const CLOCK_TICKS_PER_SECOND = readClockTicks()

function readClockTicks() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
}

/** User + system CPU time of every thread of `pid` so far, in µs (resolution: one clock tick). */
export function readCpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) may contain spaces; fields after it are space-separated.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  return ((utime + stime) * 1e6) / CLOCK_TICKS_PER_SECOND
}

/** Current resident set size (VmRSS) of `pid`, in bytes. */
export function readRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status)
  return match ? Number(match[1]) * 1024 : Number.NaN
}

/** The clock-tick length in µs: the resolution of readCpuMicros. */
export const CPU_TICK_MICROS = 1e6 / CLOCK_TICKS_PER_SECOND

/**
 * I/O counters of `pid` from /proc/<pid>/io: {writeBytes (bytes sent to the block layer),
 * writeCalls (write-type system calls), readBytes}; null when unreadable.
 */
export function readIo(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/io`, 'utf8')
    const field = (name) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN)
    return { writeBytes: field('write_bytes'), writeCalls: field('syscw'), readBytes: field('read_bytes') }
  } catch {
    return null
  }
}
