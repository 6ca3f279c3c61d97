import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { appEntryUrl, appOrigin, serveAppRequest } from '../../../electron/main/window/app-protocol'
import { contentSecurityPolicy } from '../../../electron/main/window/hardening'
import {
  failureOfGone,
  failureOfLoad,
  failurePagePath,
  failurePageUrl,
  failureStylePath,
  showFailuresInWindow
} from '../../../electron/main/window/load-failure'

// A window made of Node's EventEmitter with the methods the module calls; events are emitted with
// the arguments Electron passes (did-fail-load: event, errorCode, errorDescription, validatedURL,
// isMainFrame, …; render-process-gone: event, RenderProcessGoneDetails).
class FakeWindow {
  readonly webContents = Object.assign(new EventEmitter(), {
    loaded: [] as string[],
    url: appEntryUrl,
    loadURL(url: string) {
      this.loaded.push(url)
      this.url = url
      return Promise.resolve()
    },
    getURL() {
      return this.url
    }
  })
  visible = false
  shows = 0
  destroyed = false
  isDestroyed = () => this.destroyed
  isVisible = () => this.visible
  show = () => {
    this.shows += 1
    this.visible = true
  }
  failLoad(code: number, description: string, url: string, isMainFrame = true) {
    this.webContents.emit('did-fail-load', {}, code, description, url, isMainFrame, 1, 1)
  }
  gone(reason: string, exitCode = 1) {
    this.webContents.emit('render-process-gone', {}, { reason, exitCode })
  }
}

function setup() {
  const win = new FakeWindow()
  const logs: LogRecord[] = []
  showFailuresInWindow(win, { appOrigin, logger: createLogger((record) => logs.push(record)) })
  return { win, logs }
}

describe('failureOfLoad / failureOfGone', () => {
  it('reports a failed main-frame load, but not an aborted one (a reload replacing it) or a subframe', () => {
    expect(failureOfLoad(-6, 'ERR_FILE_NOT_FOUND', true)).toEqual({
      kind: 'load',
      code: -6,
      description: 'ERR_FILE_NOT_FOUND'
    })
    expect(failureOfLoad(-3, 'ERR_ABORTED', true)).toBeNull()
    expect(failureOfLoad(-6, 'ERR_FILE_NOT_FOUND', false)).toBeNull()
  })

  it('reports a renderer that died, but not one that exited cleanly (its window closing)', () => {
    for (const reason of ['crashed', 'oom', 'killed', 'abnormal-exit', 'launch-failed']) {
      expect(failureOfGone({ reason, exitCode: 9 })).toEqual({ kind: 'gone', reason, exitCode: 9 })
    }
    expect(failureOfGone({ reason: 'clean-exit', exitCode: 0 })).toBeNull()
  })
})

describe('showFailuresInWindow', () => {
  it('loads the failure page and shows the hidden window when the app’s page fails to load', () => {
    const { win, logs } = setup()
    win.failLoad(-6, 'ERR_FILE_NOT_FOUND', appEntryUrl)
    expect(win.webContents.loaded).toEqual([
      `${appOrigin}${failurePagePath}?kind=load&code=-6&error=ERR_FILE_NOT_FOUND`
    ])
    expect(win.shows).toBe(1)
    expect(logs).toMatchObject([{ level: 'error', event: 'window.load_failed', fields: { code: -6 } }])
  })

  it('does nothing for an aborted load or a subframe’s failure', () => {
    const { win, logs } = setup()
    win.failLoad(-3, 'ERR_ABORTED', appEntryUrl)
    win.failLoad(-105, 'ERR_NAME_NOT_RESOLVED', 'https://example.com/', false)
    expect(win.webContents.loaded).toEqual([])
    expect(win.shows).toBe(0)
    expect(logs).toEqual([])
  })

  it('loads the failure page when the renderer dies, and shows the window if it was hidden', () => {
    const { win, logs } = setup()
    win.visible = true
    win.gone('crashed', 139)
    expect(win.webContents.loaded).toEqual([`${appOrigin}${failurePagePath}?kind=gone&reason=crashed`])
    expect(win.shows).toBe(0) // already visible
    expect(logs).toMatchObject([{ event: 'window.renderer_gone', fields: { reason: 'crashed', exitCode: 139 } }])
    win.gone('clean-exit', 0)
    expect(win.webContents.loaded).toHaveLength(1)
  })

  it('never reloads the failure page when it fails itself, but still shows the window', () => {
    const { win } = setup()
    win.failLoad(-6, 'ERR_FILE_NOT_FOUND', appEntryUrl)
    win.failLoad(-2, 'ERR_FAILED', win.webContents.loaded[0]!)
    win.gone('crashed')
    expect(win.webContents.loaded).toHaveLength(1)
    win.visible = false
    win.gone('oom')
    expect(win.shows).toBe(2)
  })

  it('leaves a destroyed window alone', () => {
    const { win, logs } = setup()
    win.destroyed = true
    win.gone('crashed')
    expect(win.webContents.loaded).toEqual([])
    expect(logs).toEqual([])
  })
})

describe('the failure page, served at app://talent-desk' + failurePagePath, () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'td-failure-page-')) // empty: the page does not need it
  afterAll(() => rmSync(rendererDir, { recursive: true, force: true }))
  const get = async (url: string) => {
    const response = await serveAppRequest({ url, method: 'GET' }, rendererDir)
    return { response, text: await response.text() }
  }

  it('says what happened and links Reload to the app, under the app’s CSP, with no script or inline style', async () => {
    const { response, text } = await get(
      failurePageUrl(appOrigin, { kind: 'load', code: -6, description: 'ERR_FILE_NOT_FOUND' })
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
    expect(text).toContain('Talent Desk could not open its window (ERR_FILE_NOT_FOUND, error -6).')
    expect(text).toMatch(/<a class="button" href="\/index.html"[^>]*>Reload<\/a>/)
    expect(text).toContain(`<link rel="stylesheet" href="${failureStylePath}">`)
    expect(text).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)

    const css = await get(`${appOrigin}${failureStylePath}`)
    expect(css.response.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(css.text).toContain('.button')
  })

  it('names the renderer’s end in words', async () => {
    const { text } = await get(failurePageUrl(appOrigin, { kind: 'gone', reason: 'oom', exitCode: 1 }))
    expect(text).toContain('Talent Desk’s window stopped: its page ran out of memory.')
  })

  it('never echoes anything else from its address', async () => {
    const { text } = await get(
      `${appOrigin}${failurePagePath}?kind=load&code=-6&error=${encodeURIComponent('<img src=x onerror=alert(1)>')}`
    )
    expect(text).toContain('Talent Desk could not open its window (error -6).')
    expect(text).not.toContain('<img')
    const gone = await get(`${appOrigin}${failurePagePath}?kind=gone&reason=${encodeURIComponent('<b>hi</b>')}`)
    expect(gone.text).toContain('its page stopped unexpectedly')
    expect(gone.text).not.toContain('<b>')
  })
})
