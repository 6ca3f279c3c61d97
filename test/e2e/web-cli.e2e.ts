import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { pkg, root } from './support'

// `npm run web` (and `npm start` without Electron) end in this CLI: start it as a user would,
// read the address it prints, use the page and the bridge, and stop it with a signal.
let child: ChildProcess | undefined
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
})

describe('the browser host CLI', () => {
  it('prints a one-time link, serves the app only to its session, answers the bridge and stops cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'td-web-cli-'))
    child = spawn(process.execPath, ['out/main/host.cjs', '--port', '0', '--data-dir', dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address printed; stderr: ${stderr}`)), 30_000)
      child!.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8')
        const found = /it works once\): (http:\/\/127\.0\.0\.1:\d+\/#login=[A-Za-z0-9_-]+)/.exec(stdout)
        if (found) {
          clearTimeout(timer)
          resolve(found[1]!)
        }
      })
    })
    expect(stdout).toContain(`Data folder: ${dataDir}`)

    const url = `${new URL(link).origin}/`
    expect(stdout).toContain(`Talent Desk is running at ${url}`)

    // Another program on this computer that only knows the port gets the page's code, no data.
    const bare = await request(url)
    expect(bare.statusCode).toBe(200)
    expect(bare.headers['set-cookie']).toBeUndefined()
    await bare.body.dump()
    const refused = await request(`${url}bridge/getAppInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}'
    })
    expect(refused.statusCode).toBe(401)
    expect(await refused.body.text()).toContain('Open the link printed in the terminal')

    // The printed link's fragment logs in once, from the app's own origin: a session for a header.
    const secret = new URLSearchParams(new URL(link).hash.slice(1)).get('login')
    const logIn = () =>
      request(`${url}bridge/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(link).origin },
        body: JSON.stringify({ login: secret })
      })
    const login = await logIn()
    expect(login.statusCode).toBe(200)
    const { data } = (await login.body.json()) as { data: { session: string } }
    const again = await logIn()
    expect(again.statusCode).toBe(403)
    await again.body.dump()
    // The session is given to the page only, never printed or logged.
    expect(stdout + stderr).not.toContain(data.session)

    const reply = await request(`${url}bridge/getAppInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_SESSION_HEADER]: data.session },
      body: '{}'
    })
    expect(await reply.body.json()).toMatchObject({ ok: true, data: { version: pkg.version, shell: 'browser-host' } })

    const exit = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
  })
  it('stops cleanly on a signal that comes as soon as the link is out, while the app is still being put together', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'td-web-cli-'))
    const early = spawn(process.execPath, ['out/main/host.cjs', '--port', '0', '--data-dir', dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child = early
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      early.once('exit', (code, signal) => resolve({ code, signal }))
    )
    let stdout = ''
    early.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
      // the link is printed as soon as the host listens (its services come after): stop at once
      if (stdout.includes('it works once)') && early.exitCode === null && !early.killed) early.kill('SIGTERM')
    })
    expect(await exit).toEqual({ code: 0, signal: null })
  })
})
