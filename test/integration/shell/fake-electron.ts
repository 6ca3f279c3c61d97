import { EventEmitter } from 'node:events'

/*
 * A stand-in for the `electron` module, for the shell test only. The Electron binary cannot run
 * on this machine (nor in CI), so electron/main/index.ts is imported with this module in its
 * place (vi.mock): each object has just the methods index.ts calls, and records what it was given,
 * so the test can check how the shell wires Electron's objects to the tested modules. Events
 * are emitted the way Electron emits them (an event object with `url` and preventDefault()).
 */

export interface RecordedEvent {
  url: string
  prevented: boolean
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  readonly sent: { channel: string; payload: unknown }[] = []
  /** URLs loaded into this webContents directly (the shell's failure page). */
  readonly loaded: string[] = []
  url = ''
  loadURL(url: string): Promise<void> {
    this.loaded.push(url)
    this.url = url
    return Promise.resolve()
  }
  getURL(): string {
    return this.url
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload })
  }
  /** Emits a cancellable navigation event; true when a listener prevented it. */
  fire(name: 'will-navigate' | 'will-redirect' | 'will-frame-navigate' | 'will-attach-webview', url = ''): boolean {
    let prevented = false
    this.emit(name, {
      url,
      preventDefault: () => {
        prevented = true
      }
    })
    return prevented
  }
}

export const recorded = {
  appPath: '',
  userData: '',
  errors: [] as { title: string; content: string }[],
  exitCodes: [] as number[],
  quits: 0,
  privilegedSchemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
  protocolHandlers: new Map<string, (request: { url: string; method: string }) => Promise<Response> | Response>(),
  ipcHandlers: new Map<string, (event: { senderFrame: unknown }, ...args: unknown[]) => unknown>(),
  openedExternally: [] as string[],
  proxyQuestions: [] as string[],
  proxyAnswer: 'DIRECT',
  permission: {
    request: undefined as
      | ((
          contents: unknown,
          permission: string,
          callback: (granted: boolean) => void,
          details: { requestingUrl?: string; isMainFrame?: boolean }
        ) => void)
      | undefined,
    check: undefined as
      | ((
          contents: unknown,
          permission: string,
          requestingOrigin: string,
          details: { requestingUrl?: string; isMainFrame: boolean; embeddingOrigin?: string }
        ) => boolean)
      | undefined,
    device: undefined as ((details: unknown) => boolean) | undefined
  },
  windows: [] as FakeBrowserWindow[],
  workers: [] as { path: string; workerData: unknown }[]
}

class FakeApp extends EventEmitter {
  readonly isPackaged = true
  requestSingleInstanceLock = () => true
  getAppPath = () => recorded.appPath
  getPath = (name: string) => (name === 'userData' ? recorded.userData : `${recorded.userData}/${name}`)
  getName = () => 'Talent Desk'
  getVersion = () => '0.0.0-shell-test'
  getSystemLocale = () => 'en-US'
  whenReady = () => Promise.resolve()
  quit = () => {
    recorded.quits += 1
  }
  exit = (code: number) => {
    recorded.exitCodes.push(code)
  }
}

export const app = new FakeApp()

export class FakeBrowserWindow extends EventEmitter {
  static getFocusedWindow = () => null
  readonly webContents = new FakeWebContents()
  readonly loaded: string[] = []
  constructor(readonly options: { webPreferences: Record<string, unknown> } & Record<string, unknown>) {
    super()
    recorded.windows.push(this)
    // Electron announces every webContents it creates, the window's own included.
    app.emit('web-contents-created', {}, this.webContents)
  }
  shows = 0
  loadURL(url: string): Promise<void> {
    this.loaded.push(url)
    this.webContents.url = url
    return Promise.resolve()
  }
  isDestroyed = () => false
  isMinimized = () => false
  isVisible = () => this.shows > 0
  show = () => {
    this.shows += 1
  }
  restore = () => {}
  focus = () => {}
  setBackgroundColor = () => {}
}

export const electronModule = {
  app,
  BrowserWindow: FakeBrowserWindow,
  dialog: {
    showErrorBox: (title: string, content: string) => recorded.errors.push({ title, content }),
    showSaveDialog: () => Promise.resolve({ canceled: true })
  },
  ipcMain: {
    handle(channel: string, listener: (event: { senderFrame: unknown }, ...args: unknown[]) => unknown) {
      // Electron refuses a second handler for one channel; so does the fake.
      if (recorded.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
      recorded.ipcHandlers.set(channel, listener)
    }
  },
  Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: () => {} },
  nativeTheme: Object.assign(new EventEmitter(), { shouldUseDarkColors: false }),
  Notification: class {
    static isSupported = () => false
  },
  powerMonitor: new EventEmitter(),
  protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]) {
      recorded.privilegedSchemes.push(...schemes)
    },
    handle(scheme: string, handler: (request: { url: string; method: string }) => Promise<Response>) {
      recorded.protocolHandlers.set(scheme, handler)
    }
  },
  session: {
    defaultSession: {
      /** The system's proxy decision: recorded, and answered with `recorded.proxyAnswer`. */
      resolveProxy: (url: string) => {
        recorded.proxyQuestions.push(url)
        return Promise.resolve(recorded.proxyAnswer)
      },
      setPermissionRequestHandler: (handler: typeof recorded.permission.request) =>
        void (recorded.permission.request = handler),
      setPermissionCheckHandler: (handler: typeof recorded.permission.check) =>
        void (recorded.permission.check = handler),
      setDevicePermissionHandler: (handler: typeof recorded.permission.device) =>
        void (recorded.permission.device = handler)
    }
  },
  shell: {
    openExternal: (url: string) => {
      recorded.openedExternally.push(url)
      return Promise.resolve()
    },
    openPath: () => Promise.resolve('')
  }
}

/** Stands in for the sandbox's worker thread: it never answers, and ends when terminated. */
export class FakeWorker extends EventEmitter {
  constructor(path: string, options: { workerData: unknown }) {
    super()
    recorded.workers.push({ path, workerData: options.workerData })
  }
  postMessage(): void {}
  terminate(): Promise<number> {
    setImmediate(() => this.emit('exit', 0))
    return Promise.resolve(0)
  }
}
