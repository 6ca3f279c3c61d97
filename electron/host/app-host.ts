import { composeMain, FIRST_SCREEN_FALLBACK_MS, type MainOptions } from '../main/compose'
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from './server'

export type BrowserHostAppOptions = Omit<MainOptions, 'shell' | 'trustedOrigins'> &
  Pick<BrowserHostOptions, 'rendererDir' | 'port' | 'limits'>

/**
 * The browser host serving the app's own main-process services — what `npm run web` starts and
 * what the host and end-to-end tests start. The services trust exactly the host's origins.
 */
export function startBrowserHostApp(options: BrowserHostAppOptions): Promise<BrowserHost> {
  const { rendererDir, port, limits, ...main } = options
  return startBrowserHost({
    rendererDir,
    logger: main.logger,
    ...(port === undefined ? {} : { port }),
    ...(limits === undefined ? {} : { limits }),
    // the page's first bridge call after login says its first screen is up (bridge-routes.ts)
    createServices: (trustedOrigins) =>
      composeMain({
        firstScreen: { fallbackMs: FIRST_SCREEN_FALLBACK_MS },
        ...main,
        shell: 'browser-host',
        trustedOrigins
      })
  })
}
