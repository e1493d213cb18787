// The bench's load detection (bench/lib/load.mjs): parsing /proc, telling the bench's own
// process tree from other work, and which rounds are repeated. Nothing here is timed.
import { describe, expect, it } from 'vitest'
import {
  combineLoads,
  createLoadTracker,
  descendantsOf,
  describeLoadWarning,
  isUnderLoad,
  type LoadReading,
  loadBetween,
  loadThreshold,
  measureRoundWithLoad,
  parseMachineStat,
  parseProcessStat,
  summarizeLoad,
} from '../../bench/lib/load.mjs'

const reading = (otherCores: number, seconds = 1): LoadReading => ({
  seconds,
  otherCores,
  ownCores: 1,
  stealCores: 0,
})

/** A probe whose readings come from `cores`, one per round, in order. */
function scriptedProbe(cores: number[]) {
  let next = 0
  return () => ({ stop: () => reading(cores[next++] ?? 0) })
}

describe('parsing /proc', () => {
  it('reads busy and steal ticks from the aggregate cpu line', () => {
    const text = 'cpu  100 5 40 9000 7 3 2 11 0 0\ncpu0 50 2 20 4500 3 1 1 5 0 0\nintr 1 2 3\n'
    expect(parseMachineStat(text)).toEqual({ busy: 100 + 5 + 40 + 3 + 2, steal: 11 })
  })

  it('reads pid, parent and own plus reaped children ticks, whatever the command name holds', () => {
    // Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    const text = '4242 (node ) (x) S 17 4242 4242 0 -1 4194560 100 0 0 0 30 12 5 3 20 0 11'
    expect(parseProcessStat(text)).toEqual({ pid: 4242, ppid: 17, ticks: 30 + 12 + 5 + 3 })
  })

  it('finds a process tree from parent links, not other processes', () => {
    const processes = [
      { pid: 1, ppid: 0 },
      { pid: 10, ppid: 1 },
      { pid: 11, ppid: 10 },
      { pid: 12, ppid: 11 },
      { pid: 20, ppid: 1 },
      { pid: 21, ppid: 20 },
    ]
    expect([...descendantsOf(processes, 10)].sort((a, b) => a - b)).toEqual([10, 11, 12])
  })

  it('is the machine minus the tree, per second, never below zero', () => {
    const before = { at: 0, busy: 1000, steal: 0, own: 500 }
    // 2 s: the machine did 300 ticks, the bench's tree 200 of them: others 100 ticks = 0.5 cores.
    expect(loadBetween(before, { at: 2000, busy: 1300, steal: 20, own: 700 }, 100)).toEqual({
      seconds: 2,
      otherCores: 0.5,
      ownCores: 1,
      stealCores: 0.1,
    })
    // The tree read a tick ahead of /proc/stat.
    expect(loadBetween(before, { at: 1000, busy: 1100, steal: 0, own: 601 }, 100).otherCores).toBe(0)
  })
})

describe('summaries and warnings', () => {
  it('weighs rounds by their length and counts the loaded ones', () => {
    const summary = summarizeLoad([reading(0.1, 3), reading(0.9, 1)], { threshold: 0.25, retries: 2 })
    expect(summary.otherCores).toBeCloseTo(0.3)
    expect(summary.maxCores).toBe(0.9)
    expect(summary.loadedRounds).toBe(1)
    expect(summary.retries).toBe(2)
    expect(isUnderLoad(summary)).toBe(true)
    expect(describeLoadWarning(summary)).toMatch(/1 of 2 kept rounds/)
  })

  it('gives no warning for a quiet table', () => {
    const summary = summarizeLoad([reading(0.05), reading(0.1)], { threshold: 0.25 })
    expect(isUnderLoad(summary)).toBe(false)
    expect(describeLoadWarning(summary)).toBeNull()
  })

  it('combines the summaries of one table measured in parts', () => {
    const combined = combineLoads([
      summarizeLoad([reading(0, 1)], { threshold: 0.25 }),
      null,
      summarizeLoad([reading(1, 1)], { threshold: 0.25, retries: 1 }),
    ])
    expect(combined).toMatchObject({ seconds: 2, otherCores: 0.5, maxCores: 1, loadedRounds: 1, retries: 1 })
    expect(combineLoads([null])).toBeNull()
  })

  it('takes the threshold from SILO_BENCH_LOAD_CORES when it is a number', () => {
    expect(loadThreshold({ SILO_BENCH_LOAD_CORES: '0.5' })).toBe(0.5)
    expect(loadThreshold({ SILO_BENCH_LOAD_CORES: 'lots' })).toBe(0.25)
    expect(loadThreshold({})).toBe(0.25)
  })
})

describe('repeating rounds beside a burst', () => {
  const quiet = async () => true

  it('repeats a loaded round until it runs quiet', async () => {
    let runs = 0
    const result = await measureRoundWithLoad(async () => ++runs, {
      threshold: 0.25,
      probe: scriptedProbe([1.5, 0.1]),
      quiet,
    })
    expect(result).toMatchObject({ value: 2, retried: 1 })
    expect(result.reading?.otherCores).toBe(0.1)
  })

  it('keeps the last attempt when the retries run out', async () => {
    let runs = 0
    const result = await measureRoundWithLoad(async () => ++runs, {
      retries: 2,
      threshold: 0.25,
      probe: scriptedProbe([1, 1, 1, 1]),
      quiet,
    })
    expect(result).toMatchObject({ value: 3, retried: 2 })
  })

  it('spends at most the table budget of retries, and reports the kept rounds as loaded', async () => {
    const tracker = createLoadTracker({
      retries: 2,
      budget: 3,
      threshold: 0.25,
      probe: scriptedProbe([1, 1, 1, 1, 1, 1, 1, 1]),
      quiet,
    })
    let runs = 0
    for (let round = 0; round < 3; round++) await tracker.round(async () => ++runs)
    // Round 1: 3 runs (2 retries), round 2: 2 runs (the last retry), round 3: 1 run.
    expect(runs).toBe(6)
    expect(tracker.summary()).toMatchObject({ rounds: 3, loadedRounds: 3, retries: 3 })
    expect(isUnderLoad(tracker.summary())).toBe(true)
  })
})

describe('sustained load', () => {
  it('keeps a loaded round when the machine does not get quiet, and stops repeating for the table', async () => {
    let waits = 0
    const tracker = createLoadTracker({
      retries: 2,
      budget: 6,
      threshold: 0.25,
      probe: scriptedProbe([1, 1, 1]),
      quiet: async () => {
        waits++
        return false
      },
    })
    let runs = 0
    for (let round = 0; round < 3; round++) await tracker.round(async () => ++runs)
    expect(runs).toBe(3)
    expect(waits).toBe(1)
    expect(tracker.summary()).toMatchObject({ rounds: 3, loadedRounds: 3, retries: 0, sustained: true })
  })
})
