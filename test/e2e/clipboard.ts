import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext } from 'playwright-core'

/**
 * The clipboard's text, read by the test from a page of its own (another origin, allowed to read):
 * the app's page is granted nothing, as the desktop shell never grants it clipboard-read.
 */
export async function readClipboard(context: BrowserContext): Promise<string> {
  const server = createServer((_req, res) => res.end('<!doctype html><title>clipboard reader</title>'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const reader = await context.newPage()
  try {
    await context.grantPermissions(['clipboard-read'], { origin })
    await reader.goto(origin)
    await reader.bringToFront()
    return await reader.evaluate(() => navigator.clipboard.readText())
  } finally {
    await reader.close()
    server.close()
  }
}
