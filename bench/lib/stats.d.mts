// Types of stats.mjs, for test/bench/stats.test.ts.
export declare function median(values: number[]): number
export declare function spread(values: number[]): number
export declare function percentileOf(values: number[], p: number): number
export declare function createHistogram(): number[]
export declare function recordLatency(histogram: number[], micros: number): void
export declare function mergeHistograms(histograms: number[][]): number[]
export declare function histogramQuantile(histogram: number[], p: number): number
