import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Finding } from '../../../scripts/security/allow-list'

// The security scan as CI runs it (a child process, its exit code and its report), over small
// app folders with a known bad pattern: it must fail on what electronegativity finds there and
// pass once the allow-list has each finding with a reason.
const repo = join(import.meta.dirname, '..', '..', '..')
const script = join(repo, 'scripts', 'security-scan.ts')
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

// Not \`sandbox: false\` as well: electronegativity then stops reporting nodeIntegration (its
// NodeIntegrationJSCheck skips it when sandbox is set to anything but true).
const insecureWindow = `import { BrowserWindow } from 'electron'

export function open(): BrowserWindow {
  return new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } })
}
`

/** A minimal app folder: every target the scan reads, plus the files given. */
function app(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'td-scan-fixture-'))
  dirs.push(root)
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'fixture', version: '1.0.0', scripts: { start: 'electron .' } }),
    'shared/x.ts': 'export const x = 1\n',
    'renderer/src/main.ts': 'export const y = 2\n',
    'out/main/index.cjs':
      '"use strict";\nclass Store {\n  #rows = [];\n  get size() { return this.#rows.length; }\n}\nmodule.exports = { Store };\n',
    'out/preload/index.cjs': 'let e = require("electron");\n',
    'out/renderer/index.html': '<!doctype html><html><head><title>t</title></head><body></body></html>\n',
    ...files
  }
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

function allowList(root: string, allowed: unknown[]): string {
  const file = join(root, 'allow-list.json')
  writeFileSync(file, JSON.stringify({ allowed }))
  return file
}

function runScan(root: string, list: string) {
  const report = join(root, 'report.json')
  rmSync(report, { force: true })
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', script, '--root', root, '--allow-list', list, '--report', report],
    { cwd: repo, encoding: 'utf8', timeout: 120_000 }
  )
  let findings: Finding[] = []
  try {
    findings = (JSON.parse(readFileSync(report, 'utf8')) as { findings: Finding[] }).findings
  } catch {
    // no report: the scan stopped before scanning
  }
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, findings }
}

const reason = 'Fixture: accepted for this test, with a reason long enough.'

describe('security scan', () => {
  it('fails on an insecure BrowserWindow in the sources and in the built .cjs, and passes once each finding is allow-listed', () => {
    const root = app({
      'electron/main/index.ts': insecureWindow,
      'out/main/window.cjs': `const { BrowserWindow } = require("electron");\nnew BrowserWindow({ webPreferences: { nodeIntegration: true } });\n`
    })
    const failed = runScan(root, allowList(root, []))
    expect(failed.status, failed.output).toBe(1)
    const found = failed.findings.map((finding) => `${finding.check} ${finding.file}:${finding.line ?? ''}`)
    expect(found).toEqual(
      expect.arrayContaining([
        'NODE_INTEGRATION_JS_CHECK electron/main/index.ts:4',
        'CONTEXT_ISOLATION_JS_CHECK electron/main/index.ts:4',
        'SANDBOX_JS_CHECK electron/main/index.ts:4',
        'NODE_INTEGRATION_JS_CHECK out/main/window.cjs:2'
      ])
    )
    expect(failed.output).toMatch(/not in the allow-list/)
    expect(failed.output).toMatch(/NODE_INTEGRATION_JS_CHECK {2}electron\/main\/index\.ts:4/)
    // Class private fields in the built output were read, not skipped.
    expect(failed.output).not.toMatch(/could not read/)

    const entries = failed.findings.map((finding) => ({ check: finding.check, file: finding.file, reason }))
    const passed = runScan(root, allowList(root, entries))
    expect(passed.status, passed.output).toBe(0)
    expect(passed.output).toMatch(/security scan: passed/)

    // An entry that no longer matches anything fails the scan too.
    const stale = runScan(
      root,
      allowList(root, [...entries, { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'electron/main/gone.ts', reason }])
    )
    expect(stale.status, stale.output).toBe(1)
    expect(stale.output).toMatch(/match no finding any more[\s\S]*OPEN_EXTERNAL_JS_CHECK electron\/main\/gone\.ts/)
  }, 180_000)

  it('ignores eng-disable comments and says so; refuses unreadable files', () => {
    const root = app({
      'electron/main/index.ts': insecureWindow.replace(
        'contextIsolation: false } })',
        'contextIsolation: false } }) // eng-disable NODE_INTEGRATION_JS_CHECK'
      ),
      'out/renderer/assets/broken.js': 'export const = ;\n'
    })
    const result = runScan(root, allowList(root, []))
    expect(result.status, result.output).toBe(1)
    expect(result.findings.map((finding) => finding.check)).toContain('NODE_INTEGRATION_JS_CHECK')
    expect(result.output).toMatch(/eng-disable[\s\S]*electron\/main\/index\.ts:4/)
    expect(result.output).toMatch(/could not read[\s\S]*out\/renderer\/assets\/broken\.js/)
  }, 180_000)

  it('refuses an allow-list entry without a reason, and a missing build, before scanning', () => {
    const root = app({ 'electron/main/index.ts': insecureWindow })
    const noReason = runScan(root, allowList(root, [{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts' }]))
    expect(noReason.status).toBe(2)
    expect(noReason.output).toMatch(/allowed\.0\.reason/)

    rmSync(join(root, 'out'), { recursive: true })
    const unbuilt = runScan(root, allowList(root, []))
    expect(unbuilt.status).toBe(2)
    expect(unbuilt.output).toMatch(/missing under .*out.*npm run build/)
  }, 180_000)
})
