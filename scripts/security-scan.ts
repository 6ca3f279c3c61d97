import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { AllowListError, judge, parseAllowList, type Finding } from './security/allow-list'
import { scan } from './security/electronegativity'

/*
 * The security scan: electronegativity over the Electron sources and the built app, every
 * finding checked against the reviewed allow-list. `npm run security:scan` builds first;
 * `npm test` runs this after its own build. Exit codes: 0 clean, 1 findings not allowed, stale
 * allow-list entries, unreadable files or `eng-disable` comments, 2 a broken allow-list, missing
 * build output or a scanner crash.
 */

/** What is scanned, relative to the root: the sources (main, preload, browser host, shared
 * code, the renderer's .ts files), the built app (which has the compiled .svelte files) and
 * package.json (electronegativity checks its scripts for dangerous Electron flags). */
const targets = ['electron', 'shared', 'renderer', 'out', 'package.json']

const usage = `Usage: node --import tsx scripts/security-scan.ts [--root DIR] [--allow-list FILE] [--report FILE]
Scans ${targets.join(', ')} under DIR (default: this repository) with electronegativity; every finding
must match an entry of the allow-list (default: DIR/security/allow-list.json). Run \`npm run build\` first.
--report FILE writes every finding and the verdict as JSON.`

function describe(finding: Finding): string {
  const where = finding.line ? `${finding.file}:${finding.line}` : finding.file
  const lines = [
    `  ${finding.check}  ${where}  (${finding.severity}, ${finding.confidence})`,
    `    ${finding.description}${finding.url ? ` — ${finding.url}` : ''}`
  ]
  if (finding.sample) lines.push(`    > ${finding.sample}`)
  return lines.join('\n')
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      root: { type: 'string' },
      'allow-list': { type: 'string' },
      report: { type: 'string' },
      help: { type: 'boolean', short: 'h' }
    },
    strict: true
  })
  if (values.help) {
    console.log(usage)
    return 0
  }
  const root = resolve(values.root ?? join(import.meta.dirname, '..'))
  const allowListPath = resolve(values['allow-list'] ?? join(root, 'security', 'allow-list.json'))

  let allowList
  try {
    allowList = parseAllowList(readFileSync(allowListPath, 'utf8'))
  } catch (error) {
    const message = error instanceof AllowListError ? error.message : (error as Error).message
    console.error(`security scan: the allow-list ${allowListPath} is not usable:\n${message}`)
    return 2
  }

  // The build output must be there (`out/` alone could be an empty leftover folder).
  const missing = [...targets, 'out/main/index.cjs', 'out/preload/index.cjs', 'out/renderer/index.html'].filter(
    (target) => !existsSync(join(root, target))
  )
  if (missing.length > 0) {
    console.error(`security scan: missing under ${root}: ${missing.join(', ')} (build output: run \`npm run build\`)`)
    return 2
  }

  const started = performance.now()
  const result = await scan(root, targets)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const verdict = judge(result.findings, allowList)

  if (values.report) writeFileSync(values.report, `${JSON.stringify({ ...result, ...verdict }, null, 2)}\n`)
  console.log(
    `security scan: electronegativity (Electron ${result.electronVersion}) read ${result.files} files in ${seconds} s: ` +
      `${result.findings.length} findings, ${verdict.allowed.length} allow-listed`
  )
  for (const { finding } of verdict.allowed) {
    console.log(`  allowed: ${finding.check} ${finding.line ? `${finding.file}:${finding.line}` : finding.file}`)
  }
  for (const warning of result.warnings) console.log(`  warning: ${warning.file}: ${warning.message}`)

  let failed = false
  if (verdict.unexpected.length > 0) {
    failed = true
    console.error(
      `\n${verdict.unexpected.length} finding(s) not in the allow-list. Fix the code, or add an entry with ` +
        `check, file, match and a reason to ${allowListPath} for review:`
    )
    for (const finding of verdict.unexpected) console.error(describe(finding))
  }
  if (verdict.stale.length > 0) {
    failed = true
    console.error(`\n${verdict.stale.length} allow-list entry(ies) match no finding any more; remove them:`)
    for (const { entry, index } of verdict.stale) {
      console.error(`  allowed[${index}]: ${entry.check} ${entry.file}${entry.match ? ` “${entry.match}”` : ''}`)
    }
  }
  if (result.unreadable.length > 0) {
    failed = true
    console.error(`\nelectronegativity could not read ${result.unreadable.length} file(s), so they went unscanned:`)
    for (const error of result.unreadable) console.error(`  ${error.file}: ${error.message}`)
  }
  if (result.inlineDisables.length > 0) {
    failed = true
    console.error('\n`eng-disable` comments are not honoured (use the allow-list, with a reason); remove them:')
    for (const place of result.inlineDisables) console.error(`  ${place.file}:${place.line}`)
  }
  if (!failed) console.log('security scan: passed')
  return failed ? 1 : 0
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(`security scan: crashed: ${error instanceof Error ? error.stack : String(error)}`)
    process.exitCode = 2
  }
)
