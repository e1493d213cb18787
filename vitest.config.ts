import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Vitest's default is one worker fewer than there are CPUs: one worker on a 2-core machine. Most
// files wait on disks, sockets and child processes rather than compute, so two run side by side
// even there (the whole suite: 16 min with one worker, 10 min with two, on 2 cores).
const workers = Math.max(2, availableParallelism() - 1)

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: workers,
    setupFiles: ['./test/support/fast-check-seed.ts'],
    reporters: ['./test/support/summary-reporter.ts', 'default'],
  },
})
