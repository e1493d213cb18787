// Types of the pure helpers of load.mjs, for test/bench/load.test.ts (the bench itself is plain
// JavaScript run by Node).
export interface LoadReading {
  seconds: number
  otherCores: number
  ownCores: number
  stealCores: number
}
export interface LoadSnapshot {
  at: number
  busy: number
  steal: number
  own: number
}
export interface LoadSummary {
  seconds: number
  otherCores: number
  maxCores: number
  stealCores: number
  loadedRounds: number
  rounds: number
  retries: number
  threshold: number
  sustained?: boolean
}
export declare const DEFAULT_LOAD_THRESHOLD: number
export declare function loadThreshold(env?: Record<string, string | undefined>): number
export declare function parseMachineStat(text: string): { busy: number; steal: number }
export declare function parseProcessStat(text: string): { pid: number; ppid: number; ticks: number }
export declare function descendantsOf(processes: { pid: number; ppid: number }[], root: number): Set<number>
export declare function loadBetween(before: LoadSnapshot, after: LoadSnapshot, ticksPerSecond?: number): LoadReading
export declare function summarizeLoad(
  readings: LoadReading[],
  options?: { threshold?: number; retries?: number },
): LoadSummary
export declare function combineLoads(summaries: (LoadSummary | null)[]): LoadSummary | null
export declare function isUnderLoad(summary: LoadSummary | null): boolean
export declare function describeLoad(summary: LoadSummary | null): string | null
export declare function describeLoadWarning(summary: LoadSummary | null): string | null
export declare function readTreeTicks(root?: number): number
export declare function snapshotLoad(): LoadSnapshot | null
export declare function startLoadProbe(): { stop(): LoadReading | null }
export declare function waitForQuiet(options?: { threshold?: number; maxMs?: number; windowMs?: number }): Promise<boolean>
export interface RoundOptions {
  retries?: number
  threshold?: number
  log?: (message: string) => void
  probe?: () => { stop(): LoadReading | null }
  quiet?: (options: { threshold: number; maxMs: number }) => Promise<boolean>
  /** How long to wait for a quiet window before calling the load sustained (default 3000 ms). */
  quietMs?: number
}
export declare function measureRoundWithLoad<T>(
  measure: () => Promise<T>,
  options?: RoundOptions,
): Promise<{ value: T; reading: LoadReading | null; retried: number; sustained: boolean }>
export declare function createLoadTracker(options?: RoundOptions & { budget?: number }): {
  round<T>(measure: () => Promise<T>): Promise<T>
  add(reading: LoadReading | null): void
  summary(): LoadSummary | null
}
