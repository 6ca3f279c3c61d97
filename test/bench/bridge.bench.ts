/**
 * The browser host's bridge round trip, timed in Chromium: the page's POST /bridge/getAppInfo
 * (host guard: Host, Origin, session header; the router: sender, input and output
 * checks; JSON both ways) against a bare Node HTTP echo that answers the same bytes, on the
 * same setup (127.0.0.1, a port of its own, keep-alive, a page of its own origin, the same
 * request headers). Batches alternate between the two pages; each call is timed in its page
 * with performance.now(), from fetch() to the parsed reply.
 * Run alone: npx tsx test/bench/bridge.bench.ts [--quick]
 */
import { createServer } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { startBrowserApp } from './lib/browser'
import { done, figure, median, percentile, progress, quick, report } from './lib/figures'

const RUNS = quick ? 2 : 5
const BATCHES = quick ? 4 : 10
const PER_BATCH = 20

const app = await startBrowserApp({ sandboxProfiles: 0 })
const { host, page } = app
await page.getByTestId('search-form').waitFor()

// The echo answers exactly what the bridge answers for getAppInfo.
const reply = JSON.stringify(
  await host.services.router.handle('getAppInfo', {}, { origin: host.origin, isMainFrame: true })
)
const echo = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>echo</title>')
    return
  }
  request.resume()
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    response.end(reply)
  })
})
echo.listen(0, '127.0.0.1')
await once(echo, 'listening')
const echoPage = await page.context().newPage()
await echoPage.goto(`http://127.0.0.1:${(echo.address() as AddressInfo).port}/`)

/** `count` calls, one after another, each timed in the page (a string: no bundler helpers reach it). */
async function calls(target: Page, path: string, count: number): Promise<number[]> {
  await target.bringToFront()
  return (await target.evaluate(`(async () => {
    const times = []
    for (let i = 0; i < ${count}; i++) {
      const t0 = performance.now()
      const response = await fetch(${JSON.stringify(path)}, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ${JSON.stringify(BRIDGE_SESSION_HEADER)}: ${JSON.stringify(host.newSession())} },
        body: '{}'
      })
      const body = JSON.parse(await response.text())
      if (!body.ok) throw new Error('bridge call failed: ' + JSON.stringify(body))
      times.push(performance.now() - t0)
    }
    return times
  })()`)) as number[]
}

const bridge = { p50: [] as number[], p99: [] as number[] }
const bare = { p50: [] as number[], p99: [] as number[] }
const ratio50: number[] = []
const ratio99: number[] = []
await calls(page, '/bridge/getAppInfo', 30)
await calls(echoPage, '/echo', 30)
for (let run = 0; run < RUNS; run++) {
  const a: number[] = []
  const b: number[] = []
  for (let batch = 0; batch < BATCHES; batch++) {
    if (batch % 2 === 0) {
      a.push(...(await calls(page, '/bridge/getAppInfo', PER_BATCH)))
      b.push(...(await calls(echoPage, '/echo', PER_BATCH)))
    } else {
      b.push(...(await calls(echoPage, '/echo', PER_BATCH)))
      a.push(...(await calls(page, '/bridge/getAppInfo', PER_BATCH)))
    }
  }
  bridge.p50.push(median(a))
  bridge.p99.push(percentile(a, 99))
  bare.p50.push(median(b))
  bare.p99.push(percentile(b, 99))
  ratio50.push(median(a) / median(b))
  ratio99.push(percentile(a, 99) / percentile(b, 99))
  progress(
    `run ${run + 1}: bridge p50 ${median(a).toFixed(2)} / p99 ${percentile(a, 99).toFixed(2)} ms, echo p50 ${median(b).toFixed(2)} / p99 ${percentile(b, 99).toFixed(2)} ms`
  )
}

const per = `${BATCHES * PER_BATCH} calls a run`
report(
  figure({
    id: 'bridge.round-trip.p50',
    label: 'bridge round trip (getAppInfo), p50',
    unit: 'ms',
    values: bridge.p50,
    ratio: { against: 'bare HTTP echo p50', values: ratio50 },
    note: per
  }),
  figure({
    id: 'bridge.round-trip.p99',
    label: 'bridge round trip (getAppInfo), p99',
    unit: 'ms',
    values: bridge.p99,
    ratio: { against: 'bare HTTP echo p99', values: ratio99 },
    note: per
  }),
  figure({ id: 'bridge.echo.p50', label: 'bare HTTP echo, same bytes, p50', unit: 'ms', values: bare.p50 }),
  figure({ id: 'bridge.echo.p99', label: 'bare HTTP echo, same bytes, p99', unit: 'ms', values: bare.p99 })
)

await echoPage.close()
echo.closeAllConnections()
echo.close()
await app.close()
done('Bridge')
