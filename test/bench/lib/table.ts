import type { Figure } from './figures'

/** A figure as the runner keeps it: which bench reported it. */
export type ReportedFigure = Figure & { bench?: string }

/** 3 significant figures or so, with thousands separators: 0.0123, 1.23, 12.3, 123, 1,234. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '–'
  const abs = Math.abs(value)
  const digits = abs === 0 ? 0 : abs < 0.1 ? 3 : abs < 10 ? 2 : abs < 100 ? 1 : 0
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

const opText = { '<=': '≤', '<': '<', '>=': '≥' } as const

export function aimText(f: Figure): string {
  if (!f.aim) return ''
  const unit = f.aim.of === 'ratio' ? '×' : ` ${f.unit}`
  return `${opText[f.aim.op]} ${f.aim.value}${unit} ${f.aim.met ? 'met' : 'NOT MET'}`
}

export function ratioText(f: Figure): string {
  if (!f.ratio) return ''
  const spread = f.runs > 1 ? ` (${formatNumber(f.ratio.min)}–${formatNumber(f.ratio.max)})` : ''
  return `${formatNumber(f.ratio.value)}×${spread} vs ${f.ratio.against}`
}

export function rangeText(f: Figure): string {
  return f.runs > 1 ? `${formatNumber(f.min)}–${formatNumber(f.max)}` : ''
}

/**
 * One plain-text table (fits a terminal, pastes into Markdown as a code block): a heading line
 * per bench, then one line per figure.
 */
export function formatTable(figures: readonly ReportedFigure[]): string {
  const header = ['figure', 'median', 'min–max', 'unit', 'runs', 'ratio (min–max) vs', 'aim']
  const rows: string[][] = []
  let bench: string | undefined
  for (const f of figures) {
    if (f.bench !== undefined && f.bench !== bench) {
      bench = f.bench
      rows.push([`[${bench}]`])
    }
    rows.push([f.label, formatNumber(f.median), rangeText(f), f.unit, String(f.runs), ratioText(f), aimText(f)])
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.filter((r) => r.length > 1).map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 1 || i === 2 || i === 4 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  ')]
  for (const row of rows) out.push(row.length === 1 ? row[0]! : line(row))
  return out.join('\n')
}

/** The same figures as a Markdown table (for the READMEs). */
export function formatMarkdown(figures: readonly ReportedFigure[]): string {
  const out = [
    '| Figure | Median | Min–max | Unit | Runs | Ratio (min–max) vs | Aim |',
    '| --- | ---: | ---: | --- | ---: | --- | --- |'
  ]
  let bench: string | undefined
  for (const f of figures) {
    if (f.bench !== undefined && f.bench !== bench) {
      bench = f.bench
      out.push(`| **${bench}** | | | | | | |`)
    }
    const cells = [f.label, formatNumber(f.median), rangeText(f), f.unit, String(f.runs), ratioText(f), aimText(f)]
    out.push(`| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`)
  }
  return out.join('\n')
}
