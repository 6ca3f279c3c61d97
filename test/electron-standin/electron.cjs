'use strict'
/*
 * A stand-in for the `electron` module, for running the BUILT desktop app (out/main/index.cjs)
 * under Electron's own Node (22.20.0) where the Electron binary cannot run (this machine, CI).
 * register.cjs makes `require('electron')` resolve here; test/electron-standin/harness.ts starts
 * the app that way and drives its window. Test fixture only: it is never part of the app.
 *
 * What is real: the built main process (its bundle, its chunks, its built workers, its native
 * modules built for Node 22.20.0's ABI), the built preload and the built renderer, in a real
 * Chromium (Debian's, through playwright-core): each BrowserWindow is a page, the preload runs
 * in an isolated world of it with contextBridge and ipcRenderer, IPC goes to the handlers main
 * registered, and app:// is answered by the handler main registered with protocol.handle.
 *
 * How, where it differs from Electron (each file says more):
 * - app://: Chromium cannot navigate to an unregistered scheme, and CDP's Fetch domain never sees
 *   such a navigation (tried: Page.navigate answers net::ERR_ABORTED). So the page is served by a
 *   loopback HTTP server whose every request goes to the registered `protocol.handle` handler as
 *   an app:// Request, its Response (status, headers — the CSP — body) passed back as it is, and
 *   URLs mapped back to app:// wherever main sees them (senderFrame, getURL, navigation events,
 *   window.open). scheme-server.cjs.
 * - The preload: CDP Page.addScriptToEvaluateOnNewDocument with a worldName; contextBridge is a
 *   synchronous bridge over DOM events between that world and the main world; ipcRenderer uses a
 *   CDP binding, main answers with Runtime.evaluate. page-scripts.cjs, window.cjs.
 * - Recorded, not shown: Notification (isSupported() is true), dialog (save/open/message boxes
 *   are answered by the test, showErrorBox recorded), shell, clipboard (in memory), Menu. The
 *   test sees each as a record and can act as the OS would (quit, resume from sleep, click a
 *   notification or a menu item): control.cjs.
 *
 * What it cannot prove: the GPU process and compositing (Chromium runs headless, --disable-gpu);
 * OS integration (a real notification daemon, native dialogs and menus, the tray, focus, the
 * single-instance handshake — the lock is a file here and 'second-instance' never fires —,
 * protocol handlers of the OS, Windows' AppUserModelId); code signing, the packaged asar, fuses
 * and electron-builder's output (the app runs from the repository with isPackaged answering
 * true); the real privileges of the custom scheme (standard/secure/CORS/fetch/code cache: the
 * page really is http://127.0.0.1:P, a secure context as loopback); Electron's own renderer
 * (its sandbox, its isolated world's CSP, the preload's Node-ish globals beyond `require` and
 * `process`); permission requests made after load or from subframes (the handlers are asked once
 * per origin at load, window.cjs); Electron's session (proxy: resolveProxy answers 'DIRECT' or
 * TALENT_DESK_STANDIN_PROXY; cookies and cache are Chromium's profile in <userData>/Chromium
 * (stand-in)); the OS keychain as Electron's build of keytar sees it (keytar here is built for
 * Node 22.20.0 and talks to the same libsecret, when a keyring is there at all).
 *
 * Anything index.ts uses that is not here throws "The stand-in electron has no …", so a new call
 * in the shell fails the flow loudly instead of doing nothing.
 *
 * Environment: TALENT_DESK_STANDIN_USER_DATA (the data folder; a new temporary one by default),
 * TALENT_DESK_STANDIN_DOWNLOADS, TALENT_DESK_STANDIN_DARK=1 (nativeTheme dark),
 * TALENT_DESK_STANDIN_PACKAGED=0 (isPackaged false), TALENT_DESK_STANDIN_PROXY, CHROMIUM_PATH.
 */
const { EventEmitter } = require('node:events')
const {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  closeSync,
  writeSync,
  unlinkSync
} = require('node:fs')
const { tmpdir, homedir } = require('node:os')
const { dirname, join } = require('node:path')
const control = require('./control.cjs')
const { serverFor, toHttpUrl, closeServers, setFailing } = require('./scheme-server.cjs')
const { createWindowClasses, preventable } = require('./window.cjs')

const { record } = control

/** Names probed by Node, bundlers' interop and inspection; answered `undefined`, never thrown. */
const PROBES = new Set([
  'then',
  'toJSON',
  '__esModule',
  'default',
  'inspect',
  'asymmetricMatch',
  '$$typeof',
  'nodeType'
])

/** The object, with a clear error for anything the stand-in does not implement. */
function strict(target, name) {
  return new Proxy(target, {
    get(object, key) {
      if (typeof key === 'symbol' || key in object) return Reflect.get(object, key)
      if (PROBES.has(key)) return undefined
      throw new Error(`The stand-in electron has no ${name}.${key}: add it to test/electron-standin/electron.cjs.`)
    },
    set(object, key, value) {
      return Reflect.set(object, key, value)
    }
  })
}

// --- paths ------------------------------------------------------------------------------------

/** The app's folder: where the nearest package.json above the main script is (`electron .`). */
function findAppPath() {
  let dir = dirname(process.argv[1] ?? process.cwd())
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir)
    if (up === dir) return process.cwd()
    dir = up
  }
  return dir
}
const appPath = findAppPath()
const appPackage = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8'))
const scratch = process.env.TALENT_DESK_STANDIN_USER_DATA ? null : mkdtempSync(join(tmpdir(), 'td-standin-'))
const paths = {
  userData: process.env.TALENT_DESK_STANDIN_USER_DATA ?? join(scratch, 'userData'),
  downloads: process.env.TALENT_DESK_STANDIN_DOWNLOADS ?? join(scratch ?? tmpdir(), 'Downloads'),
  home: homedir(),
  temp: tmpdir(),
  exe: process.execPath,
  module: process.execPath
}
paths.appData = dirname(paths.userData)
paths.sessionData = paths.userData
paths.logs = join(paths.userData, 'logs')
paths.crashDumps = join(paths.userData, 'Crashpad')
paths.documents = join(paths.home, 'Documents')
paths.desktop = join(paths.home, 'Desktop')
mkdirSync(paths.userData, { recursive: true })
mkdirSync(paths.downloads, { recursive: true })

// --- the browser: launched when the app becomes ready, as Electron's browser process is --------

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  // the test connects to the same browser (chromium.connectOverCDP); the port is read back below
  '--remote-debugging-port=0'
]
const switches = new Map()
let browser = null

async function launchBrowser() {
  const { chromium } = require('playwright-core')
  const profile = join(paths.userData, 'Chromium (stand-in)')
  const extra = [...switches].map(([name, value]) => (value === '' ? `--${name}` : `--${name}=${value}`))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    // signals are the app's to handle (below), not Playwright's
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [...chromiumFlags, ...extra]
  })
  const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]
  let blank = context.pages()[0] ?? null
  browser = {
    context,
    cdpEndpoint: `http://127.0.0.1:${port}`,
    version: context.browser()?.version() ?? '',
    takeBlankPage() {
      const page = blank
      blank = null
      return page
    }
  }
  record('browser', { cdpEndpoint: browser.cdpEndpoint, version: browser.version, args: extra })
  return browser
}

// --- app ----------------------------------------------------------------------------------------

let ready = false
let resolveReady
const whenReady = new Promise((resolve) => (resolveReady = resolve))
let quitting = false
let exiting = false
const lockFile = join(paths.userData, 'SingletonLock (stand-in)')
let holdsLock = false

class App extends EventEmitter {
  get isPackaged() {
    return process.env.TALENT_DESK_STANDIN_PACKAGED !== '0'
  }
  commandLine = {
    appendSwitch: (name, value = '') => {
      switches.set(name, String(value))
      record('command-line-switch', { name, value: String(value), beforeReady: !ready })
    },
    appendArgument: (value) => record('command-line-argument', { value }),
    hasSwitch: (name) => switches.has(name),
    getSwitchValue: (name) => switches.get(name) ?? '',
    removeSwitch: (name) => switches.delete(name)
  }
  whenReady = () => whenReady
  isReady = () => ready
  getAppPath = () => appPath
  getPath = (name) => {
    if (!(name in paths)) throw new Error(`Failed to get '${name}' path`)
    return paths[name]
  }
  setPath = (name, path) => {
    paths[name] = path
  }
  getName = () => appPackage.productName ?? appPackage.name
  setName = (name) => {
    appPackage.productName = name
  }
  getVersion = () => appPackage.version
  getLocale = () => 'en-US'
  getSystemLocale = () => 'en-US'
  getPreferredSystemLanguages = () => ['en-US']
  setAppUserModelId = (id) => record('app-user-model-id', { id })
  setAboutPanelOptions = (options) => record('about-panel', { options })
  disableHardwareAcceleration = () => record('hardware-acceleration-disabled')
  enableSandbox = () => record('sandbox-enabled')
  focus = () => record('app-focus')
  relaunch = (options) => record('relaunch', { options: options ?? null })
  setBadgeCount = (count) => record('badge', { count }) || true
  addRecentDocument = (path) => record('recent-document', { path })
  clearRecentDocuments = () => {}
  requestSingleInstanceLock = () => {
    holdsLock = takeLock()
    record('single-instance-lock', { granted: holdsLock })
    return holdsLock
  }
  hasSingleInstanceLock = () => holdsLock
  releaseSingleInstanceLock = () => {
    if (holdsLock) unlinkSync(lockFile)
    holdsLock = false
  }
  quit = () => void quit()
  exit = (code = 0) => void shutdown(code)
}
const app = new App()

/** The single-instance lock, as a file holding the owner's pid (a dead owner's lock is taken over). */
function takeLock() {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      process.on('exit', () => {
        if (holdsLock) unlinkSync(lockFile)
      })
      return true
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockFile, 'utf8'))
      try {
        process.kill(owner, 0)
        return false
      } catch {
        unlinkSync(lockFile)
      }
    }
  }
  return false
}

/** Electron's quit: before-quit, close every window, will-quit, quit; any of them can stop it. */
async function quit() {
  if (exiting) return
  const before = preventable()
  quitting = true
  app.emit('before-quit', before)
  if (before.defaultPrevented) {
    quitting = false
    return
  }
  for (const window of BrowserWindow.getAllWindows()) window.close()
  if (BrowserWindow.getAllWindows().length > 0) {
    quitting = false
    return
  }
  const will = preventable()
  app.emit('will-quit', will)
  if (will.defaultPrevented) return
  app.emit('quit', preventable(), 0)
  await shutdown(0)
}

async function shutdown(code) {
  if (exiting) return
  exiting = true
  record('exit', { code })
  await browser?.context.close().catch(() => {})
  closeServers()
  process.exit(code)
}

// Like Electron's browser process on Linux: SIGINT and SIGTERM quit the app the graceful way.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.quit())

setImmediate(() => {
  launchBrowser().then(
    () => {
      ready = true
      app.emit('will-finish-launching')
      resolveReady()
      app.emit('ready', preventable(), {})
    },
    (error) => {
      process.stderr.write(`The stand-in could not start Chromium: ${error?.stack ?? error}\n`)
      record('launch-error', { error: String(error?.stack ?? error) })
      process.exit(1)
    }
  )
})

// --- protocol and session -----------------------------------------------------------------------

const privilegedSchemes = []
const protocolHandlers = new Map()
const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
    privilegedSchemes.push(...schemes)
    record('privileged-schemes', { schemes })
  },
  handle(scheme, handler) {
    if (!ready) throw new Error('protocol.handle should be called after app is ready')
    if (['http', 'https', 'file', 'data', 'about', 'blob'].includes(scheme)) {
      throw new Error(`The stand-in cannot intercept the built-in scheme ${scheme}: (only custom schemes).`)
    }
    if (protocolHandlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`)
    protocolHandlers.set(scheme, handler)
    record('protocol-handled', { scheme })
  },
  unhandle(scheme) {
    protocolHandlers.delete(scheme)
  },
  isProtocolHandled: (scheme) => protocolHandlers.has(scheme)
}

/** Where a window's page really goes for `url`: a loopback URL for a handled scheme, else the URL. */
async function pageUrlFor(url) {
  const parsed = new URL(url)
  const scheme = parsed.protocol.slice(0, -1)
  if (protocolHandlers.has(scheme)) {
    await serverFor(scheme, parsed.host.toLowerCase(), (s) => protocolHandlers.get(s), record)
    return toHttpUrl(
      `${scheme}://${parsed.host.toLowerCase()}${url.slice(url.indexOf(parsed.host) + parsed.host.length)}`
    )
  }
  return ['http', 'https', 'data', 'about', 'file', 'blob'].includes(scheme) ? url : null
}

const permission = { request: null, check: null, device: null }
class Session extends EventEmitter {
  protocol = protocol
  setPermissionRequestHandler = (handler) => {
    permission.request = handler
    record('permission-handler', { kind: 'request', set: handler !== null })
  }
  setPermissionCheckHandler = (handler) => {
    permission.check = handler
    record('permission-handler', { kind: 'check', set: handler !== null })
  }
  setDevicePermissionHandler = (handler) => {
    permission.device = handler
    record('permission-handler', { kind: 'device', set: handler !== null })
  }
  resolveProxy = async (url) => {
    const answer = process.env.TALENT_DESK_STANDIN_PROXY ?? 'DIRECT'
    record('resolve-proxy', { url, answer })
    return answer
  }
  setProxy = async (config) => record('set-proxy', { config })
  getUserAgent = () => `Mozilla/5.0 (X11; Linux x86_64) Chrome/${browser?.version ?? ''} Talent Desk stand-in`
  setUserAgent = (userAgent) => record('user-agent', { userAgent })
  setSpellCheckerEnabled = (enabled) => record('spellchecker', { enabled })
  clearCache = async () => {}
  clearStorageData = async () => {}
}
const defaultSession = strict(new Session(), 'session.defaultSession')
const session = strict({ defaultSession }, 'session')

// --- ipcMain --------------------------------------------------------------------------------------

class IpcMain extends EventEmitter {
  #handlers = new Map()
  handle = (channel, listener) => {
    if (this.#handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.#handlers.set(channel, listener)
  }
  handleOnce = (channel, listener) => {
    this.handle(channel, (...args) => {
      this.#handlers.delete(channel)
      return listener(...args)
    })
  }
  removeHandler = (channel) => {
    this.#handlers.delete(channel)
  }
  /** The stand-in's own: the handler for a channel. */
  handlerOf = (channel) => this.#handlers.get(channel)
  /** The stand-in's own: the channels with a handler. */
  handledChannels = () => [...this.#handlers.keys()]
}
const ipcMain = strict(new IpcMain(), 'ipcMain')

// --- nativeTheme ----------------------------------------------------------------------------------

class NativeTheme extends EventEmitter {
  source = 'system'
  systemDark = process.env.TALENT_DESK_STANDIN_DARK === '1'
  shouldUseHighContrastColors = false
  shouldUseInvertedColorScheme = false
  get shouldUseDarkColors() {
    return this.source === 'system' ? this.systemDark : this.source === 'dark'
  }
  get themeSource() {
    return this.source
  }
  set themeSource(source) {
    this.source = source
    themeChanged()
  }
  /** The stand-in's own: the OS switches between light and dark. */
  setSystemDark(dark) {
    this.systemDark = dark
    themeChanged()
  }
}
const nativeTheme = strict(new NativeTheme(), 'nativeTheme')
function themeChanged() {
  for (const window of BrowserWindow.getAllWindows()) {
    void window.webContents.standinPage
      ?.emulateMedia({ colorScheme: nativeTheme.shouldUseDarkColors ? 'dark' : 'light' })
      .catch(() => {})
  }
  nativeTheme.emit('updated')
}

// --- windows --------------------------------------------------------------------------------------

const { BrowserWindow: WindowClass } = createWindowClasses({
  app,
  record,
  isReady: () => ready,
  browser: async () => browser,
  cdpEndpoint: () => browser?.cdpEndpoint ?? null,
  pageUrlFor,
  session: defaultSession,
  permissionHandlers: () => permission,
  ipc: {
    handler: (channel) => ipcMain.handlerOf(channel),
    emit: (channel, event, args) => ipcMain.emit(channel, event, ...args)
  },
  nativeTheme,
  get process() {
    return {
      type: 'renderer',
      sandboxed: true,
      contextIsolated: true,
      platform: process.platform,
      arch: process.arch,
      versions: { ...process.versions, chrome: browser?.version ?? '' },
      env: {},
      argv: []
    }
  },
  windowsClosed() {
    if (quitting) return
    if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed')
    else app.quit()
  }
})
const BrowserWindow = WindowClass

// --- recorded: notifications, dialogs, shell, clipboard, menus, power -----------------------------

const notifications = []
class Notification extends EventEmitter {
  static isSupported = () => true
  constructor(options = {}) {
    super()
    this.title = options.title ?? ''
    this.body = options.body ?? ''
    this.silent = options.silent ?? false
    this.options = options
  }
  show() {
    const index = notifications.push(this) - 1
    record('notification', { index, title: this.title, body: this.body })
    this.emit('show', preventable())
  }
  close() {
    record('notification-closed', { index: notifications.indexOf(this) })
    this.emit('close', preventable())
  }
}

const windowIdOf = (args) => (args[0] instanceof BrowserWindow ? args[0].id : null)
const optionsOf = (args) => (args[0] instanceof BrowserWindow ? args[1] : args[0]) ?? {}
const plain = (value) => JSON.parse(JSON.stringify(value ?? null))
const dialog = strict(
  {
    async showSaveDialog(...args) {
      const options = plain(optionsOf(args))
      const answer = await control.request('showSaveDialog', { window: windowIdOf(args), options })
      const result = answer ?? { canceled: true, filePath: '' }
      record('dialog', { kind: 'save', window: windowIdOf(args), options, result })
      return result
    },
    async showOpenDialog(...args) {
      const options = plain(optionsOf(args))
      const answer = await control.request('showOpenDialog', { window: windowIdOf(args), options })
      const result = answer ?? { canceled: true, filePaths: [] }
      record('dialog', { kind: 'open', window: windowIdOf(args), options, result })
      return result
    },
    async showMessageBox(...args) {
      const options = plain(optionsOf(args))
      const answer = await control.request('showMessageBox', { window: windowIdOf(args), options })
      const result = answer ?? { response: options.cancelId ?? 0, checkboxChecked: false }
      record('dialog', { kind: 'message', window: windowIdOf(args), options, result })
      return result
    },
    showErrorBox(title, content) {
      record('error-box', { title, content })
    }
  },
  'dialog'
)

const shell = strict(
  {
    async openExternal(url, options) {
      record('open-external', { url, options: options ?? null })
    },
    async openPath(path) {
      record('open-path', { path })
      return ''
    },
    showItemInFolder(path) {
      record('show-item-in-folder', { path })
    },
    async trashItem(path) {
      record('trash-item', { path })
    },
    beep() {
      record('beep')
    }
  },
  'shell'
)

const clipboardStore = new Map()
const clipboard = strict(
  {
    writeText(text) {
      clipboardStore.set('text', String(text))
      record('clipboard', { text: String(text) })
    },
    readText: () => clipboardStore.get('text') ?? '',
    writeHTML(html) {
      clipboardStore.set('html', String(html))
      record('clipboard', { html: String(html) })
    },
    readHTML: () => clipboardStore.get('html') ?? '',
    clear() {
      clipboardStore.clear()
    },
    availableFormats: () => (clipboardStore.has('text') ? ['text/plain'] : [])
  },
  'clipboard'
)

let applicationMenu = null
class Menu {
  static buildFromTemplate = (template) => new Menu(template)
  static setApplicationMenu = (menu) => {
    applicationMenu = menu
    record('application-menu', { items: menu ? menu.describe() : null })
  }
  static getApplicationMenu = () => applicationMenu
  constructor(template = []) {
    this.items = template.map((item) => ({ ...item, submenu: item.submenu ? new Menu(item.submenu) : undefined }))
  }
  /** The stand-in's own: the menu as data (labels, roles, separators), for the record. */
  describe() {
    return this.items.map((item) => ({
      ...(item.label ? { label: item.label } : {}),
      ...(item.role ? { role: item.role } : {}),
      ...(item.type ? { type: item.type } : {}),
      ...(item.submenu ? { submenu: item.submenu.describe() } : {})
    }))
  }
}

const powerMonitor = strict(
  Object.assign(new EventEmitter(), {
    getSystemIdleState: () => 'active',
    getSystemIdleTime: () => 0,
    isOnBatteryPower: () => false,
    onBatteryPower: false
  }),
  'powerMonitor'
)

// --- what the test can do, as the OS or the user would ------------------------------------------

control.onCommand('quit', () => app.quit())
control.onCommand('power', (name) => powerMonitor.emit(name, preventable()))
control.onCommand('clickNotification', (index) => notifications[index].emit('click', preventable()))
control.onCommand('closeWindow', (id) => BrowserWindow.fromId(id)?.close())
control.onCommand('setSystemDark', (dark) => nativeTheme.setSystemDark(dark))
control.onCommand('clickMenu', (...labels) => {
  let menu = applicationMenu
  let item = null
  for (const label of labels) {
    item = menu?.items.find((candidate) => candidate.label === label || candidate.role === label) ?? null
    menu = item?.submenu ?? null
  }
  if (!item?.click) throw new Error(`No menu item ${labels.join(' → ')} with a click handler.`)
  item.click(item, BrowserWindow.getFocusedWindow(), preventable())
})
// For the shell's answers to a page that fails to load and a renderer that dies:
control.onCommand('failAppScheme', (fail) => setFailing(fail === true))
control.onCommand('reloadWindow', (id) => BrowserWindow.fromId(id)?.webContents.reload())
control.onCommand('crashRenderer', (id) => BrowserWindow.fromId(id)?.webContents.crashRenderer())
control.onCommand('ipcChannels', () => ipcMain.handledChannels())
control.onCommand('state', () => ({
  ready,
  windows: BrowserWindow.getAllWindows().map((w) => ({
    id: w.id,
    url: w.webContents.getURL(),
    visible: w.isVisible()
  })),
  privilegedSchemes,
  userData: paths.userData,
  downloads: paths.downloads,
  node: process.version
}))

module.exports = strict(
  {
    app: strict(app, 'app'),
    BrowserWindow,
    clipboard,
    dialog,
    ipcMain,
    Menu,
    nativeTheme,
    Notification,
    powerMonitor,
    protocol: strict(protocol, 'protocol'),
    session,
    shell
  },
  'module'
)
