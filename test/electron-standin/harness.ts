import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { electronNode, type ElectronNode } from './electron-node'

/*
 * Starts the BUILT desktop app (out/main/index.cjs) as Electron would, under Electron's Node
 * (22.20.0), with the stand-in `electron` module (test/electron-standin/electron.cjs), and hands
 * the test what it needs to drive it:
 *
 *   test process (vitest, Node 20)            child: Node 22.20.0 --require register.cjs out/main/index.cjs
 *   ───────────────────────────────           ─────────────────────────────────────────────────────────────
 *   records  ◄─── IPC channel (control.cjs) ── the stand-in: notifications, dialogs, menus, windows…
 *   answers  ───► (the save dialog's path)
 *   commands ───► (quit, resume, click a notification or a menu item)
 *   page     ◄─── CDP (connectOverCDP) ─────── the Chromium the stand-in launched, one page per window
 *
 * The test drives the window's page with Playwright as a user would; everything behind the page
 * (preload, IPC, main, workers, SQLite) is the built app in the child.
 */

const root = resolve(import.meta.dirname, '../..')
const mainScript = join(root, 'out/main/index.cjs')
const register = join(import.meta.dirname, 'register.cjs')

export interface StandinRecord {
  kind: string
  data: Record<string, unknown>
  at: number
}

type Answer = (data: Record<string, unknown>) => unknown

export interface StandinApp {
  readonly runtime: ElectronNode
  readonly child: ChildProcess
  readonly records: StandinRecord[]
  readonly dataDir: string
  readonly downloadsDir: string
  /** When the app's process was spawned (Date.now()); records carry their own `at`. */
  readonly spawnedAt: number
  /** The test's own Playwright connection to the stand-in's Chromium, and the window's page. */
  readonly browser: Browser
  readonly page: Page
  /** The first record of this kind (matching `where`) already made or still to come. */
  waitFor(kind: string, where?: (data: Record<string, unknown>) => boolean): Promise<StandinRecord>
  /** How the test answers a question of the app's (showSaveDialog: `{ canceled, filePath }`). */
  answer(kind: string, answer: Answer): void
  /** Acts as the OS or the user would (control.cjs's commands). */
  command(name: string, ...args: unknown[]): Promise<unknown>
  /** Console errors and uncaught errors of the page, both worlds. */
  pageErrors(): string[]
  /** Quits the app as a user would (the app's own will-quit path); resolves with the exit code. */
  quit(): Promise<number | null>
  /** What the child wrote to stderr (the app's log when not packaged, the stand-in's failures). */
  stderr(): string
}

export async function startStandin(
  options: { dataDir?: string; dark?: boolean; packaged?: boolean; log?: (line: string) => void } = {}
): Promise<StandinApp> {
  if (!existsSync(mainScript)) throw new Error('The app is not built: run `npx electron-vite build`.')
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const runtime = await electronNode(log)
  const scratch = mkdtempSync(join(tmpdir(), 'td-standin-e2e-'))
  const dataDir = options.dataDir ?? join(scratch, 'userData')
  const downloadsDir = join(scratch, 'Downloads')
  mkdirSync(downloadsDir, { recursive: true })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...runtime.env,
    TALENT_DESK_STANDIN_USER_DATA: dataDir,
    TALENT_DESK_STANDIN_DOWNLOADS: downloadsDir,
    TALENT_DESK_STANDIN_DARK: options.dark ? '1' : '0',
    TALENT_DESK_STANDIN_PACKAGED: options.packaged === false ? '0' : '1'
  }
  // nothing of the test runner's own loaders in the app's process
  delete env.NODE_OPTIONS
  const spawnedAt = Date.now()
  const child = spawn(runtime.node, ['--require', register, mainScript], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc']
  })
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))

  const records: StandinRecord[] = []
  const waiters = new Set<{
    kind: string
    where: (data: Record<string, unknown>) => boolean
    resolve(record: StandinRecord): void
  }>()
  const answers = new Map<string, Answer>()
  const done = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextCommand = 1
  let exited: { code: number | null; signal: string | null } | null = null
  const exit = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal }
      const why = new Error(`The app exited (code ${code}, signal ${signal}) before it answered.\n${stderr}`)
      for (const waiter of done.values()) waiter.reject(why)
      exitListeners.forEach((listener) => listener(why))
      resolveExit(code)
    })
  )
  const exitListeners = new Set<(error: Error) => void>()

  type Message =
    | { type: 'record'; kind: string; data: Record<string, unknown>; at: number }
    | { type: 'request'; id: number; kind: string; data: Record<string, unknown> }
    | { type: 'done'; id: number; ok: boolean; value?: unknown; error?: string }
  child.on('message', (message: Message) => {
    if (message.type === 'record') {
      const record = { kind: message.kind, data: message.data, at: message.at }
      records.push(record)
      for (const waiter of waiters) {
        if (waiter.kind === record.kind && waiter.where(record.data)) {
          waiters.delete(waiter)
          waiter.resolve(record)
        }
      }
    } else if (message.type === 'request') {
      const answer = answers.get(message.kind)
      Promise.resolve(answer?.(message.data)).then((value) => child.send({ type: 'answer', id: message.id, value }))
    } else if (message.type === 'done') {
      const waiter = done.get(message.id)
      done.delete(message.id)
      if (message.ok) waiter?.resolve(message.value)
      else waiter?.reject(new Error(message.error))
    }
  })

  const waitFor = (kind: string, where: (data: Record<string, unknown>) => boolean = () => true) => {
    const found = records.find((record) => record.kind === kind && where(record.data))
    if (found) return Promise.resolve(found)
    if (exited) return Promise.reject(new Error(`The app had exited; no ${kind} came.\n${stderr}`))
    return new Promise<StandinRecord>((resolveRecord, reject) => {
      const onExit = (error: Error) => reject(error)
      exitListeners.add(onExit)
      waiters.add({
        kind,
        where,
        resolve: (record) => {
          exitListeners.delete(onExit)
          resolveRecord(record)
        }
      })
    })
  }
  const command = (name: string, ...args: unknown[]) => {
    const id = nextCommand++
    return new Promise<unknown>((resolveCommand, reject) => {
      done.set(id, { resolve: resolveCommand, reject })
      child.send({ type: 'command', id, name, args })
    })
  }

  let browser: Browser | undefined
  try {
    const loaded = await waitFor('window-loaded')
    browser = await chromium.connectOverCDP(String(loaded.data.cdpEndpoint))
    const pageUrl = String(loaded.data.pageUrl)
    const page = browser
      .contexts()
      .flatMap((context) => context.pages())
      .find((candidate) => candidate.url() === pageUrl)
    if (!page) throw new Error(`No page at ${pageUrl} in the stand-in's Chromium.`)
    const connected = browser
    return {
      runtime,
      child,
      records,
      dataDir,
      downloadsDir,
      spawnedAt,
      browser: connected,
      page,
      waitFor,
      answer: (kind, answer) => answers.set(kind, answer),
      command,
      pageErrors: () =>
        records
          .filter(
            (r) =>
              r.kind === 'pageerror' ||
              r.kind === 'preload-error' ||
              r.kind === 'preload-exception' ||
              (r.kind === 'console' && r.data.type === 'error')
          )
          .map((r) => `${r.kind} ${JSON.stringify(r.data)}`),
      async quit() {
        if (exited) return (exited as { code: number | null }).code
        // the test's CDP connection first: the app's quit closes the browser under it
        await connected.close().catch(() => {})
        await command('quit').catch(() => {})
        return exit
      },
      stderr: () => stderr
    }
  } catch (error) {
    await browser?.close().catch(() => {})
    child.kill('SIGKILL')
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- the app's stderr ---\n${stderr}`)
  }
}
