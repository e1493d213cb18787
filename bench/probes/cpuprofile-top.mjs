// Summarizes a .cpuprofile (node --cpu-prof) by self time: the busiest functions, then the busy
// time by file. Idle time is left out of the percentages.
//   node bench/probes/cpuprofile-top.mjs profile.cpuprofile [rows]
import { readFileSync } from 'node:fs'

const [path, rows = '30'] = process.argv.slice(2)
const profile = JSON.parse(readFileSync(path, 'utf8'))
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const self = new Map()
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
}
const byFunction = new Map()
const byFile = new Map()
let busy = 0
for (const [id, micros] of self) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame
  if (functionName === '(idle)') continue
  busy += micros
  const file = url.replace(/^file:\/\/.*\/(node_modules\/[^/]+|dist\/[^/]+|bench)\//, '$1/') || '(native)'
  const name = `${functionName || '(anonymous)'} ${file}${url ? `:${lineNumber + 1}` : ''}`
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
  byFile.set(file, (byFile.get(file) ?? 0) + micros)
}
const print = (map, count) => {
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(
      `${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    )
  }
}
console.log(`busy (not idle): ${(busy / 1000).toFixed(0)} ms`)
print(byFunction, Number(rows))
console.log('by file:')
print(byFile, 15)
