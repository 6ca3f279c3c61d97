'use strict'
/*
 * BrowserWindow and webContents of the stand-in: each window is a real Chromium page (a tab of
 * the stand-in's browser, driven with playwright-core and a CDP session of its own).
 *
 * - The preload: webPreferences.preload, read from disk when the window is made, evaluated in an
 *   isolated world of every new document (page-scripts.cjs), with contextBridge reaching the main
 *   world and ipcRenderer reaching ipcMain through a CDP binding.
 * - IPC: an invoke calls the handler registered with ipcMain.handle with an event whose
 *   senderFrame is the sending frame as Chromium reports it (URL and security origin mapped back
 *   to app://, parent null for the main frame; null when the sending document is already gone);
 *   webContents.send reaches the preload's ipcRenderer.on listeners. Values cross as wire.cjs
 *   says (structured-clone-like, loud on what it cannot carry).
 * - Navigation: main-frame document requests are paused (CDP Fetch, request stage); one the page
 *   started is offered to 'will-navigate', a redirect to 'will-redirect', and either is aborted
 *   when a listener calls preventDefault(). window.open and target=_blank: Chromium's
 *   Page.windowOpen gives the URL to the handler of setWindowOpenHandler; the popup Chromium has
 *   already made is closed when the answer is 'deny' (Electron never makes it; its first request
 *   may have left). 'will-attach-webview' never fires (Chromium has no <webview>).
 * - Permissions: when a window loads an origin, the session's request handler is asked once for
 *   each permission below, for the main frame at that URL, and its answers are set in Chromium
 *   (Browser.setPermission); the check handler is asked too and its answers recorded. A request
 *   made later, or from a subframe, is not routed through the handlers.
 * - Events: dom-ready, did-finish-load, ready-to-show (at the first load), did-fail-load (a main-
 *   frame navigation that failed, with Chromium's net error), render-process-gone (the page
 *   crashed), console-message, preload-error, destroyed.
 */
const { EventEmitter } = require('node:events')
const { readFileSync } = require('node:fs')
const { encodeWire, decodeWire } = require('./wire.cjs')
const { mainWorldScript, isolatedWorldScript, HOOK } = require('./page-scripts.cjs')
const { toAppUrl } = require('./scheme-server.cjs')

const PRELOAD_WORLD = 'Electron Isolated Context (stand-in)'
const BINDING = '__talentDeskStandinIpc'

/** Electron permission name → Chromium permission descriptors (Browser.setPermission). */
const PERMISSIONS = {
  'clipboard-read': [{ name: 'clipboard-read' }],
  'clipboard-sanitized-write': [{ name: 'clipboard-write' }],
  notifications: [{ name: 'notifications' }],
  geolocation: [{ name: 'geolocation' }],
  media: [{ name: 'camera' }, { name: 'microphone' }],
  midi: [{ name: 'midi' }],
  midiSysex: [{ name: 'midi', sysex: true }],
  'idle-detection': [{ name: 'idle-detection' }],
  'window-management': [{ name: 'window-management' }],
  'storage-access': [{ name: 'storage-access' }],
  'display-capture': [{ name: 'display-capture' }]
}

/** Chromium's net error codes for the names a failed navigation reports. */
const NET_ERRORS = {
  ERR_FAILED: -2,
  ERR_ABORTED: -3,
  ERR_FILE_NOT_FOUND: -6,
  ERR_TIMED_OUT: -7,
  ERR_BLOCKED_BY_CLIENT: -20,
  ERR_BLOCKED_BY_RESPONSE: -27,
  ERR_CONNECTION_CLOSED: -100,
  ERR_CONNECTION_RESET: -101,
  ERR_CONNECTION_REFUSED: -102,
  ERR_NAME_NOT_RESOLVED: -105,
  ERR_INTERNET_DISCONNECTED: -106,
  ERR_ADDRESS_UNREACHABLE: -109,
  ERR_INVALID_URL: -300,
  ERR_UNKNOWN_URL_SCHEME: -302,
  ERR_EMPTY_RESPONSE: -324
}
const netError = (text) => {
  const name = /(ERR_[A-Z_]+)/.exec(String(text))?.[1] ?? 'ERR_FAILED'
  return { name, code: NET_ERRORS[name] ?? -2 }
}

/** An Electron event object: preventDefault() and what Electron puts on it. */
function preventable(fields = {}) {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    }
  }
  return event
}

/**
 * The window classes, bound to the stand-in's shared state.
 * @param {object} env  from electron.cjs: app, record, isReady, browser(), pageUrlFor(url),
 *   permissionHandlers(), ipc { handler(channel), emit(channel, event, args) }, nativeTheme,
 *   windowsClosed(), process (what the preload's `process` shows)
 */
function createWindowClasses(env) {
  const windows = new Set()
  let focused = null
  let nextId = 1

  class WebContents extends EventEmitter {
    #window
    #preferences
    #page = null
    #cdp = null
    #destroyed = false
    #contexts = new Map()
    #frames = new Map()
    #mainFrameId = null
    #preloadContext = null
    #openHandler = null
    #browserNavigation = false
    #failedByPrevent = new Set()
    #loadedOnce = false

    constructor(window, preferences) {
      super()
      this.id = window.id
      this.#window = window
      this.#preferences = preferences
      this.session = env.session
      this.attached = this.#attach()
      // a failed attach is reported where it is awaited (loadURL) and recorded now
      this.attached.catch((error) => env.record('window-error', { id: this.id, error: String(error?.stack ?? error) }))
    }

    async #attach() {
      const { context, takeBlankPage } = await env.browser()
      const page = takeBlankPage() ?? (await context.newPage())
      const cdp = await context.newCDPSession(page)
      this.#page = page
      this.#cdp = cdp
      cdp.on('Runtime.executionContextCreated', ({ context: c }) => {
        const frameId = c.auxData?.frameId
        this.#contexts.set(c.id, { frameId, name: c.name })
        if (c.name === PRELOAD_WORLD && frameId === this.#mainFrameId) this.#preloadContext = c.id
      })
      cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
        this.#contexts.delete(executionContextId)
        if (this.#preloadContext === executionContextId) this.#preloadContext = null
      })
      cdp.on('Runtime.executionContextsCleared', () => {
        this.#contexts.clear()
        this.#preloadContext = null
      })
      cdp.on('Runtime.bindingCalled', (event) => void this.#fromPreload(event))
      cdp.on('Runtime.consoleAPICalled', (event) => this.#preloadConsole(event))
      cdp.on('Runtime.exceptionThrown', ({ exceptionDetails }) => {
        const context = this.#contexts.get(exceptionDetails.executionContextId)
        if (context?.name !== PRELOAD_WORLD) return
        env.record('preload-exception', {
          id: this.id,
          text: `${exceptionDetails.text} ${exceptionDetails.exception?.description ?? ''}`
        })
      })
      cdp.on('Page.frameNavigated', ({ frame }) => this.#frames.set(frame.id, frame))
      cdp.on('Page.frameDetached', ({ frameId }) => this.#frames.delete(frameId))
      cdp.on('Page.windowOpen', (event) => this.#windowOpen(event))
      cdp.on('Fetch.requestPaused', (event) => void this.#navigationRequest(event))

      await cdp.send('Page.enable')
      await cdp.send('Inspector.enable')
      // what Chromium itself reports (CSP violations, failed loads): console API calls are below
      cdp.on('Log.entryAdded', ({ entry }) =>
        env.record('console', {
          id: this.id,
          world: 'chromium',
          type: entry.level,
          source: entry.source,
          text: entry.text
        })
      )
      await cdp.send('Log.enable')
      const { frameTree } = await cdp.send('Page.getFrameTree')
      this.#mainFrameId = frameTree.frame.id
      this.#frames.set(frameTree.frame.id, frameTree.frame)
      await cdp.send('Runtime.enable')
      await cdp.send('Runtime.addBinding', { name: BINDING, executionContextName: PRELOAD_WORLD })
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: mainWorldScript() })
      if (this.#preferences.preload) {
        const preloadSource = readFileSync(this.#preferences.preload, 'utf8')
        await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
          worldName: PRELOAD_WORLD,
          source: isolatedWorldScript({
            preloadSource,
            preloadPath: this.#preferences.preload,
            binding: BINDING,
            process: env.process
          })
        })
      }
      await cdp.send('Fetch.enable', {
        patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }]
      })

      const { width = 800, height = 600 } = this.#window.options
      await page.setViewportSize({ width, height })
      await page.emulateMedia({ colorScheme: env.nativeTheme.shouldUseDarkColors ? 'dark' : 'light' })

      page.on('domcontentloaded', () => this.emit('dom-ready', preventable()))
      page.on('load', () => {
        if (!this.#loadedOnce) {
          this.#loadedOnce = true
          this.#window.emit('ready-to-show', preventable())
        }
        this.emit('did-finish-load', preventable())
        env.record('window-loaded', {
          id: this.id,
          url: this.getURL(),
          pageUrl: page.url(),
          cdpEndpoint: env.cdpEndpoint()
        })
      })
      page.on('requestfailed', (request) => {
        if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return
        if (this.#failedByPrevent.delete(request.url())) return
        const { name, code } = netError(request.failure()?.errorText)
        env.record('did-fail-load', { id: this.id, code, name, url: toAppUrl(request.url()) })
        this.emit('did-fail-load', preventable(), code, name, toAppUrl(request.url()), true, 0, 0)
      })
      let gone = false
      const onGone = () => {
        if (gone) return
        gone = true
        const details = { reason: 'crashed', exitCode: -1 }
        env.record('render-process-gone', { id: this.id, ...details })
        this.emit('render-process-gone', preventable(), details)
        env.app.emit('render-process-gone', preventable(), this, details)
      }
      page.on('crash', onGone)
      cdp.on('Inspector.targetCrashed', onGone)
      // a new document after a crash (Reload) is a new renderer: it may be gone again
      page.on('load', () => {
        gone = false
      })
      page.on('console', (message) => {
        env.record('console', { id: this.id, world: 'main', type: message.type(), text: message.text() })
        const levels = { debug: 'debug', log: 'info', info: 'info', warning: 'warning', error: 'error' }
        this.emit(
          'console-message',
          preventable({ level: levels[message.type()] ?? 'info', message: message.text(), lineNumber: 0, sourceId: '' })
        )
      })
      page.on('pageerror', (error) => env.record('pageerror', { id: this.id, text: String(error?.stack ?? error) }))
      page.on('popup', (popup) => void this.#popup(popup))
    }

    // --- from the preload ---------------------------------------------------------------------

    async #fromPreload({ name, payload, executionContextId }) {
      if (name !== BINDING) return
      const message = JSON.parse(payload)
      const frame = this.#senderFrame(executionContextId)
      if (message.op === 'preload-error') {
        env.record('preload-error', { id: this.id, message: message.message, stack: message.stack })
        const error = Object.assign(new Error(message.message), { stack: message.stack })
        this.emit('preload-error', preventable(), this.#preferences.preload, error)
        return
      }
      const event = preventable({
        type: 'frame',
        sender: this,
        senderFrame: frame,
        frameId: 1,
        processId: 1,
        reply: (channel, ...args) => this.send(channel, ...args)
      })
      if (message.op === 'send') {
        env.ipc.emit(message.channel, event, decodeWire(message.args))
        return
      }
      if (message.op !== 'invoke') return
      let reply
      try {
        const handler = env.ipc.handler(message.channel)
        if (!handler) throw new Error(`No handler registered for '${message.channel}'`)
        const value = await handler(event, ...decodeWire(message.args))
        reply = { op: 'reply', id: message.id, ok: true, value: encodeWire(value) }
      } catch (error) {
        reply = {
          op: 'reply',
          id: message.id,
          ok: false,
          message: `Error invoking remote method '${message.channel}': ${error}`
        }
      }
      await this.#deliver(executionContextId, reply, `reply to ${message.channel}`)
    }

    #preloadConsole({ type, args, executionContextId }) {
      if (this.#contexts.get(executionContextId)?.name !== PRELOAD_WORLD) return
      const text = args.map((arg) => arg.value ?? arg.description ?? '').join(' ')
      env.record('console', { id: this.id, world: 'preload', type, text })
    }

    /** The main frame as Electron's WebFrameMain shows it (null before the page exists). */
    get mainFrame() {
      return this.#frameMain(this.#mainFrameId)
    }

    /** The sending frame as Electron's WebFrameMain shows it; null when its document is gone. */
    #senderFrame(executionContextId) {
      const context = this.#contexts.get(executionContextId)
      if (!context) return null
      return this.#frameMain(context.frameId)
    }

    #frameMain(frameId) {
      const frameMain = (frameId) => {
        const frame = this.#frames.get(frameId)
        if (!frame) return null
        const parent = frame.parentId ? frameMain(frame.parentId) : null
        return {
          url: toAppUrl(frame.url + (frame.urlFragment ?? '')),
          origin: toAppUrl(frame.securityOrigin ?? 'null'),
          name: frame.name ?? '',
          parent,
          top: parent ? parent.top : null,
          frameTreeNodeId: 0,
          processId: 1,
          routingId: 1,
          detached: false,
          isDestroyed: () => !this.#frames.has(frameId)
        }
      }
      const frame = frameMain(frameId)
      if (frame && frame.parent === null) frame.top = frame
      return frame
    }

    async #deliver(contextId, message, what) {
      try {
        await this.#cdp.send('Runtime.evaluate', {
          contextId,
          expression: `globalThis[${JSON.stringify(HOOK)}].deliver(${JSON.stringify(JSON.stringify(message))})`
        })
      } catch (error) {
        // the document that asked is gone (a reload): Electron drops the message too
        env.record('ipc-dropped', { id: this.id, what, error: String(error?.message ?? error) })
      }
    }

    // --- navigation and new windows -----------------------------------------------------------

    async #navigationRequest({ requestId, request, frameId, redirectedRequestId }) {
      const isMainFrame = frameId === this.#mainFrameId
      let kind = null
      if (redirectedRequestId) kind = 'will-redirect'
      else if (isMainFrame && !this.#browserNavigation) kind = 'will-navigate'
      if (isMainFrame && !redirectedRequestId) this.#browserNavigation = false
      let prevented = false
      if (kind !== null) {
        const event = preventable({ url: toAppUrl(request.url), isMainFrame, isSameDocument: false })
        this.emit(kind, event, event.url)
        prevented = event.defaultPrevented
        env.record('navigation', { id: this.id, kind, url: event.url, prevented })
      }
      try {
        if (prevented) {
          this.#failedByPrevent.add(request.url)
          await this.#cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' })
        } else {
          await this.#cdp.send('Fetch.continueRequest', { requestId })
        }
      } catch {
        // the page went away meanwhile
      }
    }

    #windowOpen({ url, windowName, windowFeatures }) {
      const details = {
        url: toAppUrl(url),
        frameName: windowName ?? '',
        features: (windowFeatures ?? []).join(','),
        disposition: 'new-window',
        referrer: { url: this.getURL(), policy: 'strict-origin-when-cross-origin' }
      }
      const action = (this.#openHandler ? this.#openHandler(details) : { action: 'allow' })?.action ?? 'allow'
      env.record('window-open', { id: this.id, url: details.url, action })
      // Chromium has made (or is making) the popup: pair answers and popups in order
      const popup = this.#popupsWaiting.shift()
      if (popup) void this.#settlePopup(popup, action)
      else this.#openAnswers.push(action)
    }
    #openAnswers = []
    #popupsWaiting = []

    async #popup(popup) {
      const action = this.#openAnswers.shift()
      if (action === undefined) this.#popupsWaiting.push(popup)
      else await this.#settlePopup(popup, action)
    }

    async #settlePopup(popup, action) {
      if (action === 'deny') {
        await popup.close().catch(() => {})
        env.record('popup-closed', { id: this.id })
      } else {
        env.record('popup-left-open', { id: this.id, note: 'the stand-in makes no BrowserWindow for an allowed popup' })
      }
    }

    // --- Electron's API -----------------------------------------------------------------------

    setWindowOpenHandler(handler) {
      this.#openHandler = handler
    }

    async loadURL(url) {
      await this.attached
      const target = await env.pageUrlFor(url)
      if (target === null) {
        this.emit('did-fail-load', preventable(), -302, 'ERR_UNKNOWN_URL_SCHEME', url, true, 0, 0)
        throw Object.assign(new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`), {
          code: 'ERR_UNKNOWN_URL_SCHEME',
          errno: -302,
          url
        })
      }
      await this.#applyPermissions(target, url)
      this.#browserNavigation = true
      try {
        await this.#page.goto(target, { waitUntil: 'load', timeout: 0 })
      } catch (error) {
        const { name, code } = netError(error?.message)
        throw Object.assign(new Error(`${name} (${code}) loading '${url}'`), { code: name, errno: code, url })
      }
    }

    /** Asks the session's permission handlers about the app's main frame at `url`, once per origin. */
    async #applyPermissions(target, url) {
      let origin
      try {
        origin = new URL(target).origin
      } catch {
        return
      }
      if (origin === 'null' || this.#permissionOrigins.has(origin)) return
      this.#permissionOrigins.add(origin)
      const { request, check } = env.permissionHandlers()
      const answers = {}
      for (const [permission, descriptors] of Object.entries(PERMISSIONS)) {
        const details = {
          requestingUrl: url,
          isMainFrame: true,
          ...(permission === 'media' ? { mediaTypes: ['video', 'audio'] } : {})
        }
        // Electron grants what no handler refuses
        const granted = request
          ? await new Promise((resolve) => request(this, permission, (answer) => resolve(answer === true), details))
          : true
        const checked = check
          ? check(this, permission, toAppUrl(origin), {
              requestingUrl: url,
              isMainFrame: true,
              securityOrigin: toAppUrl(origin)
            }) === true
          : true
        answers[permission] = { request: granted, check: checked }
        for (const descriptor of descriptors) {
          try {
            await this.#cdp.send('Browser.setPermission', {
              permission: descriptor,
              setting: granted ? 'granted' : 'denied',
              origin
            })
          } catch (error) {
            answers[permission].unsupported = String(error?.message ?? error)
          }
        }
      }
      env.record('permissions', { id: this.id, origin: toAppUrl(origin), answers })
    }
    #permissionOrigins = new Set()

    loadFile(path) {
      return this.loadURL(require('node:url').pathToFileURL(path).href)
    }

    reload() {
      this.#browserNavigation = true
      void this.#page?.reload({ waitUntil: 'load', timeout: 0 }).catch(() => {})
    }

    reloadIgnoringCache() {
      this.reload()
    }

    getURL() {
      return this.#page ? toAppUrl(this.#page.url()) : ''
    }

    getTitle() {
      return this.#window.getTitle()
    }

    isLoading() {
      return false
    }

    isCrashed() {
      return this.#page?.isClosed() ?? false
    }

    send(channel, ...args) {
      if (this.#destroyed) throw new Error('Object has been destroyed')
      const text = encodeWire(args)
      if (this.#preloadContext === null) {
        // no preload world yet (the page is loading) or none any more: Electron's message is lost too
        env.record('ipc-dropped', { id: this.id, what: `send ${channel}`, error: 'no page to send to' })
        return
      }
      void this.#deliver(
        this.#preloadContext,
        { op: 'message', channel: String(channel), args: text },
        `send ${channel}`
      )
    }

    executeJavaScript(code) {
      return this.#page.evaluate(code)
    }

    openDevTools() {
      env.record('devtools-opened', { id: this.id })
    }

    isDestroyed() {
      return this.#destroyed
    }

    /** Closes the page (internal: BrowserWindow.destroy). */
    async destroyPage() {
      if (this.#destroyed) return
      this.#destroyed = true
      this.emit('destroyed', preventable())
      await this.attached.catch(() => {})
      await this.#page?.close().catch(() => {})
    }

    /** Makes the renderer crash, as a renderer that dies would (test command). */
    async crashRenderer() {
      await this.attached
      // Page.crash never answers: the renderer it would answer from is gone
      void this.#cdp.send('Page.crash').catch(() => {})
    }

    /** The Playwright page (for the stand-in's own use). */
    get standinPage() {
      return this.#page
    }
  }

  class BrowserWindow extends EventEmitter {
    static getAllWindows = () => [...windows]
    static getFocusedWindow = () => focused
    static fromWebContents = (contents) => [...windows].find((w) => w.webContents === contents) ?? null
    static fromId = (id) => [...windows].find((w) => w.id === id) ?? null

    #destroyed = false
    #visible = false
    #minimized = false
    #title
    #background

    constructor(options = {}) {
      super()
      if (!env.isReady()) throw new Error('Cannot create BrowserWindow before app is ready')
      const preferences = options.webPreferences ?? {}
      // What the stand-in can stand in for: an isolated, sandboxed preload without Node.
      if (
        preferences.contextIsolation === false ||
        preferences.nodeIntegration === true ||
        preferences.sandbox === false
      ) {
        throw new Error(
          'The stand-in runs preloads as Electron does with contextIsolation: true, sandbox: true, nodeIntegration: false only.'
        )
      }
      this.id = nextId++
      this.options = options
      this.#title = options.title ?? ''
      this.#background = options.backgroundColor ?? '#FFFFFF'
      windows.add(this)
      this.webContents = new WebContents(this, preferences)
      env.app.emit('web-contents-created', preventable(), this.webContents)
      env.app.emit('browser-window-created', preventable(), this)
      env.record('window-created', { id: this.id, options: JSON.parse(JSON.stringify(options)) })
      if (options.show !== false)
        this.webContents.attached.then(
          () => this.show(),
          () => {}
        )
    }

    loadURL(url, options) {
      return this.webContents.loadURL(url, options)
    }
    loadFile(path) {
      return this.webContents.loadFile(path)
    }
    reload() {
      this.webContents.reload()
    }
    show() {
      if (this.#destroyed) return
      const wasVisible = this.#visible
      this.#visible = true
      this.#minimized = false
      if (!wasVisible) {
        env.record('window-shown', { id: this.id })
        this.emit('show')
      }
      this.focus()
    }
    showInactive() {
      this.#visible = true
      this.emit('show')
    }
    hide() {
      this.#visible = false
      if (focused === this) focused = null
      this.emit('hide')
    }
    isVisible() {
      return this.#visible && !this.#minimized
    }
    focus() {
      if (this.#destroyed || focused === this) return
      const before = focused
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the stand-in's one focused window
      focused = this
      before?.emit('blur')
      this.emit('focus')
    }
    blur() {
      if (focused === this) focused = null
      this.emit('blur')
    }
    isFocused() {
      return focused === this
    }
    minimize() {
      this.#minimized = true
      if (focused === this) focused = null
      this.emit('minimize')
    }
    restore() {
      if (!this.#minimized) return
      this.#minimized = false
      this.emit('restore')
    }
    isMinimized() {
      return this.#minimized
    }
    setBackgroundColor(color) {
      this.#background = color
      env.record('window-background', { id: this.id, color })
    }
    getBackgroundColor() {
      return this.#background
    }
    setTitle(title) {
      this.#title = title
    }
    getTitle() {
      return this.#title
    }
    getBounds() {
      return { x: 0, y: 0, width: this.options.width ?? 800, height: this.options.height ?? 600 }
    }
    setProgressBar(progress) {
      env.record('window-progress', { id: this.id, progress })
    }
    flashFrame(flag) {
      env.record('window-flash', { id: this.id, flag })
    }
    setMenuBarVisibility() {}
    removeMenu() {}
    close() {
      if (this.#destroyed) return
      const event = preventable()
      this.emit('close', event)
      if (!event.defaultPrevented) this.destroy()
    }
    destroy() {
      if (this.#destroyed) return
      this.#destroyed = true
      windows.delete(this)
      if (focused === this) focused = null
      void this.webContents.destroyPage()
      this.emit('closed')
      env.record('window-closed', { id: this.id })
      if (windows.size === 0) env.windowsClosed()
    }
    isDestroyed() {
      return this.#destroyed
    }
  }

  return { BrowserWindow, WebContents, windows, PERMISSIONS, preventable }
}

module.exports = { createWindowClasses, PERMISSIONS, preventable }
