/**
 * The tasks of a page's main thread in a Chromium trace (`browser.startTracing` with the categories
 * `toplevel` and `disabled-by-default-devtools.timeline`), with their wall and thread (CPU) time.
 *
 * Chromium's tracing is browser-wide: a browser started on a new profile runs its own pages too, in
 * renderers of their own (the omnibox popup's WebUI, "WebUI Top Renderer", ~70–110 ms of CPU in one
 * task at the browser's start, headless or not). Their main threads are also called
 * `CrRendererMain`, so counting every one of them made the first-result bench's "page's longest
 * task" Chromium's, not the app's, in the runs where that WebUI started before the first row.
 * The page's renderer is the process that committed a main frame at the page's origin
 * (`FrameCommittedInBrowser`, and the page's frames when the tracing started).
 */

interface TraceEvent {
  ph: string
  name: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: {
    name?: string
    data?: {
      url?: string
      processId?: number
      isOutermostMainFrame?: boolean
      frames?: Array<{ url?: string; processId?: number; isOutermostMainFrame?: boolean }>
    }
  }
}

export interface TraceTask {
  /** Wall time, ms. */
  ms: number
  /** The thread's own run time (CPU), ms. */
  cpuMs: number
}

/** Wall and CPU ms of each task of the main threads of the page at `origin`, and of every other renderer apart. */
export function pageTasks(trace: Buffer | string, origin: string): { page: TraceTask[]; others: TraceTask[] } {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }
  const atOrigin = (url: string | undefined) => {
    try {
      return url !== undefined && new URL(url).origin === origin
    } catch {
      return false
    }
  }
  const pagePids = new Set<number>()
  for (const event of traceEvents) {
    const data = event.args?.data
    if (event.name === 'FrameCommittedInBrowser' && data?.isOutermostMainFrame === true && atOrigin(data.url)) {
      if (data.processId !== undefined) pagePids.add(data.processId)
    }
    if (event.name === 'TracingStartedInBrowser') {
      for (const frame of data?.frames ?? []) {
        if (frame.isOutermostMainFrame === true && atOrigin(frame.url) && frame.processId !== undefined)
          pagePids.add(frame.processId)
      }
    }
  }
  if (pagePids.size === 0) throw new Error(`the trace has no main frame committed at ${origin}`)
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`)
  )
  const page: TraceTask[] = []
  const others: TraceTask[] = []
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(`${e.pid}:${e.tid}`)) continue
    ;(pagePids.has(e.pid) ? page : others).push({ ms: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 })
  }
  return { page, others }
}
