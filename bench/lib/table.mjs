// Markdown rendering of result rows: aligned pipes so the raw text reads well too.

const fixed = (digits) => (v) => (Number.isFinite(v) ? v.toFixed(digits) : '–')
const grouped = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '–')
const significant = (v) => {
  if (!Number.isFinite(v)) return '–'
  if (v >= 100) return grouped(v)
  return v >= 10 ? v.toFixed(1) : v.toFixed(2)
}

/** Column formatters by name. */
export const FORMAT = {
  text: (v) => String(v ?? ''),
  count: grouped,
  number: significant,
  ratio: (v) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : '–'),
  percent: (v) => (Number.isFinite(v) ? `${Math.round(v * 100)}%` : '–'),
  mib: (v) => (Number.isFinite(v) ? (v / 1048576).toFixed(0) : '–'),
  fixed1: fixed(1),
}

/**
 * Renders `rows` as a markdown table. `columns` are {key, header, format, align?};
 * a row with `error` shows it in place of its numbers.
 */
export function renderTable(columns, rows) {
  const cells = rows.map((row) =>
    columns.map((col, i) => {
      if (row.error && i === 1) return `error: ${row.error.replaceAll('|', '/').slice(0, 120)}`
      if (row.error && i > 1) return ''
      return FORMAT[col.format ?? 'text'](row[col.key])
    }),
  )
  const widths = columns.map((col, i) => Math.max(col.header.length, 3, ...cells.map((r) => r[i].length)))
  const line = (values) =>
    `| ${values.map((v, i) => (columns[i].align === 'left' ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (columns[i].align === 'left' ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`
  return [line(columns.map((c) => c.header)), rule, ...cells.map(line)].join('\n')
}
