import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  Notification,
  powerMonitor,
  protocol,
  session,
  shell
} from 'electron'
import { channelNames, ipcChannel, ipcEvent } from '../../shared/ipc/contract'
import { builtWorkers } from './built-workers'
import { composeMain, FIRST_SCREEN_FALLBACK_MS, type MainServices } from './compose'
import type { RefreshJobSummary } from '../../shared/ipc/channels/refresh'
import { refreshNotice } from '../../shared/refresh-notice'
import type { Logger } from './logging/logger'
import { LOG_FOLDER, openFileLogger } from './logging/file-logger'
import { loadKeytarBinding, nativeBindingsFromEnv } from './native/native-bindings'
import { loadTrustedCertificates } from './net/ca-certificates'
import { applyAppUserModelId } from './window/app-identity'
import { appEntryUrl, appOrigin, appScheme, appSchemePrivileges, serveAppRequest } from './window/app-protocol'
import { hardenWebContents, limitPermissions, safeExternalUrl, secureWebPreferences } from './window/hardening'
import { showFailuresInWindow } from './window/load-failure'
import { menuTemplate } from './window/menu'
import { senderFromFrame } from './window/sender'
import { errorMessage } from '../../shared/error-message'

/*
 * The Electron shell: the only main-process file that imports `electron`. It stays thin — every
 * decision lives in Electron-free modules (window/, native/, compose.ts) that are tested in
 * plain Node; this file only hands Electron's objects to them.
 */

// Privileged schemes must be registered before `ready`.
protocol.registerSchemesAsPrivileged([{ scheme: appScheme, privileges: appSchemePrivileges }])

const appPath = app.getAppPath()
const rendererDir = join(appPath, 'out', 'renderer')
const preloadPath = join(appPath, 'out', 'preload', 'index.cjs')
const background = () => (nativeTheme.shouldUseDarkColors ? '#0d1117' : '#ffffff')

// Windows: notifications and the taskbar name the app by the installer's id (before any window).
applyAppUserModelId(app, process.platform)

if (!app.requestSingleInstanceLock()) {
  // Another Talent Desk is running; it gets focus through its 'second-instance' event.
  app.quit()
} else {
  void start().catch((error: unknown) => {
    process.stderr.write(`Talent Desk could not start: ${error instanceof Error ? error.stack : String(error)}\n`)
    dialog.showErrorBox('Talent Desk could not start', errorMessage(error))
    app.exit(1)
  })
}

async function start(): Promise<void> {
  const workers = builtWorkers(__dirname)
  // The support log: rotated JSON lines in <userData>/logs, secrets masked by name and by value.
  const logDir = join(app.getPath('userData'), LOG_FOLDER)
  const log = await openFileLogger({ dir: logDir, alsoStderr: !app.isPackaged })
  const logger = log.logger
  let mainWindow: BrowserWindow | null = null
  let openWindow: (() => void) | null = null

  // Hardening applies to every webContents ever created, not only the ones we create.
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, { appOrigin, openExternal: (url) => shell.openExternal(url), logger })
  })
  app.on('second-instance', () => {
    if (!mainWindow) return openWindow?.()
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  if (process.env.ELECTRON_RENDERER_URL) {
    logger.warn('shell.dev_server_ignored', { reason: 'the renderer is always served from app://' })
  }
  // Electron-ABI builds of native modules when run from source (see scripts/start.mjs).
  const native = nativeBindingsFromEnv(process.env)
  const keytarBinding = native.keytar
  logger.info('shell.native_bindings', { overridden: Object.keys(native) })

  await app.whenReady()
  limitPermissions(session.defaultSession, { appOrigin, logger })
  protocol.handle(appScheme, (request) => serveAppRequest(request, rendererDir))

  const services = await composeMain({
    dataDir: app.getPath('userData'),
    shell: 'electron',
    appName: app.getName(),
    appVersion: app.getVersion(),
    trustedOrigins: [appOrigin],
    logger,
    versions: process.versions,
    firstScreen: { fallbackMs: FIRST_SCREEN_FALLBACK_MS },
    // the region's format (Windows: "Regional format"), which sets Excel's list separator
    exportLocale: app.getSystemLocale(),
    // Corporate networks: the system's proxy (settings, PAC, WPAD) for each origin, and the OS
    // certificate store + Node's roots + TALENT_DESK_EXTRA_CA_CERTS / NODE_EXTRA_CA_CERTS (the
    // NODE_OPTIONS fuse turns Node's own reading of the latter off), read at the first HTTPS call.
    proxy: (url) => session.defaultSession.resolveProxy(url),
    ca: () => loadTrustedCertificates(process.env, logger).certificates,
    secretWatcher: log.mask,
    logFolder: { path: logDir, open: async (dir) => (await shell.openPath(dir)) === '' },
    // Lever's consent page ("Connect Lever with OAuth"): the system browser, where the recruiter is
    // signed in; like every hand-off to the OS browser, only safeExternalUrl's https result
    openInBrowser: async (url) => {
      const safe = safeExternalUrl(url)
      if (safe === null) throw new Error('Only an https address without a user name opens in the system browser.')
      await shell.openExternal(safe)
    },
    // bundled beside index.cjs by electron-vite (electron.vite.config.ts)
    sandbox: { spawn: workers.sandbox },
    backupWorker: workers.backup,
    importWorker: workers.imports,
    knownPeopleWorker: workers.knownPeople,
    doNotContactWorker: workers.doNotContact,
    compactWorker: workers.compact,
    checkpointWorker: workers.checkpoint,
    notifyRefreshEnded: (job) =>
      showRefreshNotification(job, () => {
        if (!mainWindow) return openWindow?.()
        if (mainWindow.isMinimized()) mainWindow.restore()
        mainWindow.focus()
      }),
    ...(keytarBinding === undefined ? {} : { loadKeytar: () => loadKeytarBinding(keytarBinding) }),
    ...(native.betterSqlite3 === undefined ? {} : { sqliteNativeBinding: native.betterSqlite3 }),
    fileDialogs: {
      async chooseSavePath({ title, defaultName, filters }) {
        const options = { title, defaultPath: join(app.getPath('downloads'), defaultName), filters }
        const owner = BrowserWindow.getFocusedWindow()
        const chosen = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options)
        return chosen.canceled || !chosen.filePath ? null : chosen.filePath
      }
    }
  })

  for (const name of channelNames) {
    ipcMain.handle(ipcChannel(name), (event, input: unknown) =>
      services.router.handle(name, input, senderFromFrame(event.senderFrame))
    )
  }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        platform: process.platform,
        isPackaged: app.isPackaged,
        onOpenLogFolder: () => void shell.openPath(logDir)
      })
    )
  )
  nativeTheme.on('updated', () => mainWindow?.setBackgroundColor(background()))

  openWindow = () => {
    mainWindow = createWindow(services, logger)
    mainWindow.on('closed', () => {
      mainWindow = null
    })
  }
  openWindow()

  // macOS keeps the app (and its services) running without windows; elsewhere closing quits.
  app.on('activate', () => {
    if (!mainWindow) openWindow?.()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // A laptop that slept: ask about the refresh jobs now rather than at the next backoff step.
  powerMonitor.on('resume', () => services.wake())
  closeServicesOnQuit(services, logger)
}

/** Shown notifications, held until closed: Electron drops the click handler of a collected one. */
const notifications = new Set<Notification>()

function showRefreshNotification(job: RefreshJobSummary, onClick: () => void): void {
  // Linux without a notification daemon (and CI) has none: the job list says it all the same.
  if (!Notification.isSupported()) return
  const notification = new Notification(refreshNotice(job))
  notifications.add(notification)
  notification.on('close', () => notifications.delete(notification))
  notification.on('click', () => {
    notifications.delete(notification)
    onClick()
  })
  notification.show()
}

function createWindow(services: MainServices, logger: Logger): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Talent Desk',
    backgroundColor: background(),
    webPreferences: secureWebPreferences(preloadPath, { devTools: !app.isPackaged })
  })
  win.once('ready-to-show', () => {
    win.show()
    // the first screen is painted: what it does not need starts now (compose.ts)
    services.firstScreenPainted()
  })
  // A page that fails to load or a renderer that dies: a page that says so, with Reload, shown.
  showFailuresInWindow(win, { appOrigin, logger })

  // Push events go to this window only, never to any other webContents.
  const unsubscribe = services.events.subscribe((name, payload) => {
    if (!win.isDestroyed()) win.webContents.send(ipcEvent(name), payload)
  })
  win.on('closed', unsubscribe)

  win.loadURL(appEntryUrl).catch((error: unknown) => {
    logger.error('shell.load_failed', { error: errorMessage(error) })
  })
  return win
}

/** Closes the services (database, jobs) before the process ends, once. */
function closeServicesOnQuit(services: MainServices, logger: Logger): void {
  let state: 'running' | 'closing' | 'closed' = 'running'
  app.on('will-quit', (event) => {
    if (state === 'closed') return
    event.preventDefault()
    if (state === 'closing') return
    state = 'closing'
    services
      .close()
      .catch((error: unknown) => logger.error('shell.close_failed', { error: String(error) }))
      .finally(() => {
        state = 'closed'
        app.quit()
      })
  })
}
