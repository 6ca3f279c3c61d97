#!/usr/bin/env node
// `npm test`: unit + integration tests (vitest, inside a real unlocked keychain session when the
// machine has one), then the build, the build check (the built main's externals and the native
// modules loaded under Electron's own Node, 22.20.0: scripts/check-bundle.mjs), the security scan
// of the sources and the build (electronegativity against security/allow-list.json) and the
// end-to-end suite in Debian's Chromium.
// Ends with one summary line "tests: N passed, N failed" so CI can read the result.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
const reports = mkdtempSync(join(tmpdir(), 'td-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
const cleanup = []
let failedStep = null

/** Each step's wall time, printed at the end: where `npm test`'s minutes go. */
const times = []

/** The last lines a failed step printed (CI shows the end of the log: a step's own words would scroll away). */
const failures = []
const TAIL_BYTES = 64 * 1024

/** Runs one step, its output passed through as it comes; resolves whether it exited 0. */
async function run(label, command, args, { keyring = false } = {}) {
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  let file = command
  let argv = args
  if (keyring) {
    // A private D-Bus session with an unlocked GNOME keyring: the vault is tested against the
    // real libsecret keychain, never a fake, and nothing touches the user's own keyring.
    // The keyring lives in a fresh temporary folder, so an existing keyring of this machine
    // (with another password) can neither lock the tests out nor be touched by them.
    const keyringHome = mkdtempSync(join(tmpdir(), 'td-keyring-'))
    cleanup.push(keyringHome)
    const inner = `echo -n talent-desk-test | XDG_DATA_HOME="${keyringHome}" gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"`
    file = 'dbus-run-session'
    argv = ['--', 'sh', '-c', inner, 'sh', command, ...args]
  }
  const child = spawn(file, argv, {
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' }
  })
  let tail = ''
  const keep = (chunk) => {
    tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES)
  }
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk)
    keep(chunk)
  })
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk)
    keep(chunk)
  })
  const [code, signal] = await new Promise((resolve) => child.once('close', (...ended) => resolve(ended)))
  times.push([label, Date.now() - started])
  if (code !== 0) {
    if (failedStep === null) failedStep = label
    failures.push({ label, ended: signal ? `was killed by ${signal}` : `exited ${code}`, tail })
  }
  return code === 0
}

/** What a failed step said of its errors: vitest's error sections and its summary, else its last lines. */
function errorsOf(tail) {
  const lines = tail.split('\n')
  const start = lines.findIndex((line) => /Unhandled|Failed Tests|Errors? occurred|Error:/.test(line))
  return lines
    .slice(start === -1 ? -40 : Math.max(0, start - 2))
    .slice(-120)
    .join('\n')
}

function count(reportFile) {
  if (!existsSync(reportFile)) return
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests + report.numTodoTests
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += report.numFailedTestSuites
}

/** A check's own report: { passed, failed }. */
function countChecks(reportFile) {
  if (!existsSync(reportFile)) return
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  totals.passed += report.passed
  totals.failed += report.failed
}

const keyring = has('dbus-run-session') && has('gnome-keyring-daemon')
if (!keyring) {
  const message =
    'No D-Bus/GNOME keyring here (apt-get install dbus gnome-keyring): keychain tests cannot reach a real keychain.'
  if (process.env.CI) {
    console.error(message)
    process.exit(1)
  }
  console.warn(message)
}

const vitestRun = (report, ...projects) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`
]
const unitReport = join(reports, 'unit.json')
await run('unit and integration tests', 'npx', vitestRun(unitReport, 'node', 'renderer'), { keyring })
count(unitReport)
const slowReport = join(reports, 'slow.json')
await run(
  'slow integration tests (LibreOffice, fault soak, large restores, security scan)',
  'npx',
  vitestRun(slowReport, 'slow'),
  { keyring }
)
count(slowReport)

if (await run('build (electron-vite)', 'npx', ['electron-vite', 'build'])) {
  // The built main's externals as Electron's Node loads them (scripts/check-bundle.mjs); it
  // fetches that Node and builds the native modules for it on first use, cached per machine.
  if (process.platform === 'linux' && process.arch === 'x64') {
    const bundleReport = join(reports, 'bundle.json')
    await run("build check under Electron's Node 22.20.0 (externals, native modules)", process.execPath, [
      join(import.meta.dirname, 'check-bundle.mjs'),
      '--report',
      bundleReport
    ])
    countChecks(bundleReport)
  } else {
    console.log(
      `\n▶ build check skipped: Electron's Node is set up for Linux x64 only, not ${process.platform} ${process.arch}`
    )
    totals.skipped += 1
  }
  await run('security scan (electronegativity, security/allow-list.json)', process.execPath, [
    '--import',
    'tsx',
    join(import.meta.dirname, 'security-scan.ts')
  ])
  const e2eReport = join(reports, 'e2e.json')
  // in a keyring session too, as a recruiter's desktop has one: the built app keeps its secrets in a
  // real keychain there, and the tests that need one (Lever's OAuth tokens, a team credential kept
  // across a restart) run instead of being skipped
  await run(
    'end-to-end tests (Chromium)',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${e2eReport}`
    ],
    { keyring }
  )
  count(e2eReport)
}

rmSync(reports, { recursive: true, force: true })
console.log('\nTime per step (wall):')
for (const [label, ms] of times) console.log(`  ${(ms / 1000).toFixed(0).padStart(5)} s  ${label}`)
console.log(`  ${(times.reduce((sum, [, ms]) => sum + ms, 0) / 1000).toFixed(0).padStart(5)} s  in all`)
for (const dir of cleanup) rmSync(dir, { recursive: true, force: true })
for (const { label, ended, tail } of failures) {
  console.log(`\n✗ ${label} ${ended}. What it said of its errors:\n${errorsOf(tail)}`)
}
if (failedStep !== null && totals.failed === 0) totals.failed = 1
console.log(
  `\n${failedStep ? `failed step: ${failedStep}\n` : ''}tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`
)
process.exit(failedStep === null ? 0 : 1)
