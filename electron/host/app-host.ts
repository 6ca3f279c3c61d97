import type { MainOptions, MainServices } from '../main/compose'
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from './server'

export type BrowserHostAppOptions = Omit<MainOptions, 'shell' | 'trustedOrigins'> &
  Pick<BrowserHostOptions, 'rendererDir' | 'port' | 'limits' | 'onListening'>

/**
 * The browser host serving the app's own main-process services — what `npm run web` starts and
 * what the host and end-to-end tests start. The services trust exactly the host's origins.
 */
export function startBrowserHostApp(options: BrowserHostAppOptions): Promise<BrowserHost> {
  const { rendererDir, port, limits, onListening, ...main } = options
  return startBrowserHost({
    rendererDir,
    logger: main.logger,
    ...(port === undefined ? {} : { port }),
    ...(limits === undefined ? {} : { limits }),
    ...(onListening === undefined ? {} : { onListening }),
    createServices: (trustedOrigins) => composeHostServices(main, trustedOrigins)
  })
}

/**
 * The main-process services behind the browser host. The main process's code (every feature, the
 * store, the API client) is loaded here, once the host listens, not with the host's own code:
 * `npm run web` prints its link first.
 */
export async function composeHostServices(
  main: Omit<MainOptions, 'shell' | 'trustedOrigins'>,
  trustedOrigins: readonly string[]
): Promise<MainServices> {
  const { composeMain, FIRST_SCREEN_FALLBACK_MS } = await import('../main/compose')
  // the page's first bridge call after login says its first screen is up (bridge-routes.ts)
  return composeMain({
    firstScreen: { fallbackMs: FIRST_SCREEN_FALLBACK_MS },
    ...main,
    shell: 'browser-host',
    trustedOrigins
  })
}
