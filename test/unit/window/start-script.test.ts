import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// `npm start` decides between Electron and the browser host; --dry-run prints that decision as
// JSON. ELECTRON_OVERRIDE_DIST_PATH is the electron package's own switch for where its binary
// lives, so pointing it at a folder decides whether "the binary" exists.
const root = join(import.meta.dirname, '..', '..', '..')
const script = join(root, 'scripts', 'start.mjs')
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

interface Plan {
  host: 'electron' | 'browser-host'
  message: string
  steps: { step: string; command?: string[]; needed?: boolean; dir?: string; env?: Record<string, string> }[]
}

function dryRun(env: Record<string, string | undefined>, args: string[] = []) {
  const result = spawnSync(process.execPath, [script, '--dry-run', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: undefined, ...env }
  })
  expect(result.status, result.stderr).toBe(0)
  return { plan: JSON.parse(result.stdout) as Plan, stderr: result.stderr }
}

const missingMessage =
  'Electron is not installed here (its download failed or was skipped), so Talent Desk runs in your browser.'

function electronInstalled(): boolean {
  try {
    return typeof createRequire(join(root, 'package.json'))('electron') === 'string'
  } catch {
    return false
  }
}

describe('scripts/start.mjs --dry-run', () => {
  it('chooses the browser host, and says why, when there is no Electron binary', () => {
    const empty = mkdtempSync(join(tmpdir(), 'td-no-electron-'))
    dirs.push(empty)
    const { plan, stderr } = dryRun({ ELECTRON_OVERRIDE_DIST_PATH: empty }, ['--', '--port', '4000'])
    expect(plan.host).toBe('browser-host')
    expect(plan.message).toBe(missingMessage)
    expect(stderr).toContain(missingMessage)
    // Builds, then runs the built host itself (no nested npm printing its own banner).
    const [build, web] = plan.steps
    expect(build?.step).toBe('build')
    expect(build?.command?.slice(-1)).toEqual(['build'])
    expect(web).toEqual({
      step: 'web',
      command: [process.execPath, join(root, 'out', 'main', 'host.cjs'), '--port', '4000']
    })
  })

  it('passes the arguments npm start hands over (without a separator) to the app', () => {
    const empty = mkdtempSync(join(tmpdir(), 'td-no-electron-'))
    dirs.push(empty)
    const { plan } = dryRun({ ELECTRON_OVERRIDE_DIST_PATH: empty }, ['--port', '4000', '--data-dir', '/tmp/x'])
    expect(plan.steps[1]?.command?.slice(2)).toEqual(['--port', '4000', '--data-dir', '/tmp/x'])
  })

  it('matches what is really installed here (on this machine: no binary, so the browser host)', () => {
    const { plan } = dryRun({})
    expect(plan.host).toBe(electronInstalled() ? 'electron' : 'browser-host')
  })

  it('with a binary: builds Electron-ABI native modules apart from the Node ones, builds, launches', () => {
    const dist = mkdtempSync(join(tmpdir(), 'td-electron-'))
    dirs.push(dist)
    writeFileSync(join(dist, 'electron'), '#!/bin/sh\n')
    chmodSync(join(dist, 'electron'), 0o755)
    const { plan } = dryRun({ ELECTRON_OVERRIDE_DIST_PATH: dist }, ['--', '--verbose'])
    expect(plan.host).toBe('electron')
    const [native, build, launch] = plan.steps
    expect(native?.step).toBe('rebuild-native')
    expect(native?.dir).toContain(join('node_modules', '.electron-native'))
    // node-gyp against Electron's headers, for the installed Electron's version.
    const electronVersion = (createRequire(join(root, 'package.json'))('electron/package.json') as { version: string })
      .version
    expect(native?.command?.slice(2)).toEqual([
      'rebuild',
      '--release',
      `--target=${electronVersion}`,
      `--arch=${process.arch}`,
      '--dist-url=https://electronjs.org/headers'
    ])
    expect(build?.command?.slice(-1)).toEqual(['build'])
    expect(launch?.command).toEqual([join(dist, 'electron'), '.', '--verbose'])
    // The launch env names .node files inside the Electron folder, never the Node builds.
    expect(Object.keys(launch?.env ?? {}).sort()).toEqual([
      'TALENT_DESK_BETTER_SQLITE3_BINDING',
      'TALENT_DESK_KEYTAR_BINDING'
    ])
    for (const file of Object.values(launch?.env ?? {})) {
      expect(file.startsWith(native?.dir ?? '?')).toBe(true)
      expect(file).toMatch(/\.node$/)
    }
  })
})
