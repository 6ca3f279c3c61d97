import { describe, expect, it } from 'vitest'
import { pageTasks } from '../../bench/lib/page-trace'

// The events as Chromium 14x writes them on a new profile (taken from a first-result run's trace,
// cut down): the browser, the app's page in one renderer, Chromium's omnibox WebUI in another.
const browser = 100
const app = 200
const webUi = 300
const meta = (pid: number, tid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid, args: { name } })
const task = (pid: number, tid: number, wallMs: number, cpuMs: number) => ({
  ph: 'X',
  name: 'ThreadControllerImpl::RunTask',
  cat: 'toplevel',
  pid,
  tid,
  ts: 1,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000
})
const trace = (origin: string) =>
  JSON.stringify({
    traceEvents: [
      { ph: 'M', name: 'process_name', pid: app, tid: 0, args: { name: 'Renderer' } },
      { ph: 'M', name: 'process_name', pid: webUi, tid: 0, args: { name: 'WebUI Top Renderer' } },
      meta(app, app, 'CrRendererMain'),
      meta(app, app + 5, 'Compositor'),
      meta(webUi, webUi, 'CrRendererMain'),
      {
        ph: 'I',
        name: 'TracingStartedInBrowser',
        cat: 'disabled-by-default-devtools.timeline',
        pid: browser,
        tid: browser,
        args: {
          data: {
            frames: [{ frame: 'F1', isOutermostMainFrame: true, processId: app, url: 'about:blank' }]
          }
        }
      },
      {
        ph: 'I',
        name: 'FrameCommittedInBrowser',
        cat: 'disabled-by-default-devtools.timeline',
        pid: browser,
        tid: browser,
        args: { data: { frame: 'F1', isOutermostMainFrame: true, processId: app, url: `${origin}/` } }
      },
      task(app, app, 40, 31),
      task(app, app, 12, 9),
      // another thread of the page's renderer: not its main thread
      task(app, app + 5, 90, 80),
      // Chromium's own WebUI, starting with the new profile
      task(webUi, webUi, 139, 93.9),
      task(webUi, webUi, 20, 11)
    ]
  })

describe("the page's tasks in a Chromium trace (the first-result bench)", () => {
  it("counts only the main thread of the renderer that committed the page's origin; Chromium's own renderers apart", () => {
    const { page, others } = pageTasks(trace('http://127.0.0.1:40103'), 'http://127.0.0.1:40103')
    expect(page).toEqual([
      { ms: 40, cpuMs: 31 },
      { ms: 12, cpuMs: 9 }
    ])
    expect(others).toEqual([
      { ms: 139, cpuMs: 93.9 },
      { ms: 20, cpuMs: 11 }
    ])
    expect(Math.max(...page.map((t) => t.cpuMs))).toBe(31)
  })

  it('says so when no main frame committed at the origin, rather than counting another page', () => {
    expect(() => pageTasks(trace('http://127.0.0.1:40103'), 'http://127.0.0.1:5555')).toThrow(
      /no main frame committed at http:\/\/127\.0\.0\.1:5555/
    )
  })
})
