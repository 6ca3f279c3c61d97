import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { root } from './support'

// `npm start` as a recruiter runs it on a machine where Electron's download failed (this one):
// scripts/start.mjs builds the app and starts the browser host. What the terminal shows is the
// product here: one line saying why the browser, then the host's four — no build output, no log
// lines. ELECTRON_OVERRIDE_DIST_PATH (the electron package's own switch) points at an empty
// folder, so the test means the same on a machine that has the binary.
let child: ChildProcess | undefined
const dirs: string[] = []
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('npm start without Electron', () => {
  it(
    'builds quietly, prints only the plain lines, serves the app and stops on a signal',
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'td-start-data-'))
      const noElectron = mkdtempSync(join(tmpdir(), 'td-start-no-electron-'))
      dirs.push(dataDir, noElectron)
      // `npm start -- --port 0 --data-dir …` reaches the script as these arguments.
      child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--data-dir', dataDir], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: noElectron, FORCE_COLOR: '0' }
      })
      let stdout = ''
      let stderr = ''
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
      await new Promise<void>((resolve, reject) => {
        child!.stdout!.on('data', () => {
          if (stdout.includes('Press Ctrl+C to stop.\n')) resolve()
        })
        void exited.then((code) =>
          reject(new Error(`start.mjs exited (${code}) before the app ran:\n${stdout}\n${stderr}`))
        )
      })

      const lines = stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(5)
      expect(lines[0]).toBe(
        'Electron is not installed here (its download failed or was skipped), so Talent Desk runs in your browser.'
      )
      expect(lines[1]).toMatch(/^Talent Desk is running at http:\/\/127\.0\.0\.1:\d+\/$/)
      expect(lines[2]).toMatch(
        /^Open this link in your browser \(it works once\): http:\/\/127\.0\.0\.1:\d+\/#login=[A-Za-z0-9_-]+$/
      )
      expect(lines[3]).toBe(`Data folder: ${dataDir}`)
      expect(lines[4]).toBe('Press Ctrl+C to stop.')
      // Nothing else on the terminal: no build output, no JSON log lines (they go to the data folder).
      expect(stderr).toBe('')

      const link = lines[2]!.slice(lines[2]!.indexOf('http'))
      const url = `${new URL(link).origin}/`
      // the page is code anyone may fetch; the link's fragment logs the page in (see shell.e2e.ts)
      const page = await request(url)
      expect(page.statusCode).toBe(200)
      expect(await page.body.text()).toMatch(/<div id="app"|<script type="module"/)

      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      // The host went with it: its port no longer answers.
      await expect(request(url)).rejects.toThrow(/ECONNREFUSED/)
      expect(stdout.trimEnd().split('\n')).toHaveLength(5)
      expect(stderr).toBe('')
    }
  )
})
