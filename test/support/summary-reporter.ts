import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one plain closing line, `vitest: N passed, N failed, N skipped`, after the default
 * reporter's summary, so CI logs state the count in a form any tool can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
    }
    // The default reporter prints its summary after every reporter's hook has run: wait for it.
    const line = `\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`
    return new Promise<void>((resolve) => setImmediate(() => resolve())).then(() => {
      process.stdout.write(line)
    })
  }
}
