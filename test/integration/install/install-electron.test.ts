import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// `npm install`'s postinstall (scripts/install-electron.mjs) runs the electron package's own
// download and keeps the install going when it fails. Each case runs the script in a project of
// its own with a copy of the real electron package, against a loopback mirror (ELECTRON_MIRROR,
// @electron/get's own switch) serving a stand-in Electron zip and its SHASUMS256.txt — or against
// a port nobody listens on, as where the download cannot be reached.
const root = join(import.meta.dirname, '..', '..', '..')
const electronDir = join(root, 'node_modules', 'electron')
const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as { version: string }
const binaryName =
  process.platform === 'win32'
    ? 'electron.exe'
    : process.platform === 'darwin'
      ? 'Electron.app/Contents/MacOS/Electron'
      : 'electron'
const zipName = `electron-v${version}-${process.platform}-${process.arch}.zip`

const dirs: string[] = []
let server: Server
let mirror: string
const requests: string[] = []

beforeAll(async () => {
  const zip = new JSZip()
  zip.file(binaryName, '#!/bin/sh\necho stand-in electron\n', { unixPermissions: 0o755 })
  zip.file('version', `v${version}`)
  const body = await zip.generateAsync({ type: 'nodebuffer', platform: 'UNIX' })
  const sums = `${createHash('sha256').update(body).digest('hex')} *${zipName}\n`
  server = createServer((request, response) => {
    requests.push(request.url ?? '')
    if (request.url === `/v${version}/${zipName}`) return response.end(body)
    if (request.url === `/v${version}/SHASUMS256.txt`) return response.end(sums)
    response.statusCode = 404
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A project with the script and a copy of the electron package as npm left it (no binary). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-install-electron-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'package.json'), '{"name":"install-electron-test","private":true}')
  mkdirSync(join(dir, 'scripts'))
  cpSync(join(root, 'scripts', 'install-electron.mjs'), join(dir, 'scripts', 'install-electron.mjs'))
  cpSync(electronDir, join(dir, 'node_modules', 'electron'), {
    recursive: true,
    filter: (src) => ![join(electronDir, 'dist'), join(electronDir, 'path.txt')].includes(src)
  })
  return dir
}

/** Runs the script to its end; asynchronously, since the mirror answers from this process. */
async function postinstall(dir: string, env: Record<string, string | undefined>) {
  const cleaned = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_config_electron_|electron_|ELECTRON_)/i.test(key))
  )
  const child = spawn(process.execPath, [join(dir, 'scripts', 'install-electron.mjs')], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...cleaned,
      // The copy's own dependencies (@electron/get, extract-zip) come from this checkout.
      NODE_PATH: join(root, 'node_modules'),
      electron_config_cache: join(dir, 'cache'),
      electron_use_remote_checksums: '1',
      ...env
    }
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const [status] = (await once(child, 'close')) as [number | null]
  return { status, stdout, stderr }
}

const binaryOf = (dir: string) => join(dir, 'node_modules', 'electron', 'dist', binaryName)

// Each case starts node three times and copies a package: slow on a busy machine.
describe('npm install: the Electron download step', { timeout: 60_000 }, () => {
  it('downloads the binary where the download works, silently, and does nothing the second time', async () => {
    const dir = project()
    requests.length = 0
    const first = await postinstall(dir, { ELECTRON_MIRROR: mirror })
    expect(first).toEqual({ status: 0, stdout: '', stderr: '' })
    expect(existsSync(binaryOf(dir))).toBe(true)
    expect(requests).toContain(`/v${version}/${zipName}`)
    // What start.mjs reads: the package now reports the binary.
    const located = spawnSync(
      process.execPath,
      ['-e', 'process.stdout.write(require(process.argv[1]))', join(dir, 'node_modules', 'electron')],
      { encoding: 'utf8' }
    )
    expect(located.stdout).toBe(binaryOf(dir))

    requests.length = 0
    expect(await postinstall(dir, { ELECTRON_MIRROR: mirror })).toEqual({ status: 0, stdout: '', stderr: '' })
    expect(requests).toEqual([])
  })

  it('finishes the install with two plain lines when the download cannot be reached', async () => {
    const dir = project()
    // A port that was free a moment ago: nothing answers there.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))

    const result = await postinstall(dir, { ELECTRON_MIRROR: `http://127.0.0.1:${port}/` })
    expect(result.status).toBe(0)
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe(
      `Could not download Electron ${version} (connect ECONNREFUSED 127.0.0.1:${port}).\n` +
        '`npm start` will open Talent Desk in your browser instead; `npm run postinstall` tries the download again.\n'
    )
    expect(existsSync(binaryOf(dir))).toBe(false)
  })

  it('says in one line that ELECTRON_SKIP_BINARY_DOWNLOAD skipped it, and asks the mirror nothing', async () => {
    const dir = project()
    requests.length = 0
    const result = await postinstall(dir, { ELECTRON_MIRROR: mirror, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })
    expect(result).toEqual({
      status: 0,
      stdout: `Electron ${version} was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set): \`npm start\` opens Talent Desk in your browser.\n`,
      stderr: ''
    })
    expect(requests).toEqual([])
    expect(existsSync(binaryOf(dir))).toBe(false)
  })
})
