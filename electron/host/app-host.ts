import { composeMain, type MainOptions } from '../main/compose'
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
    createServices: (trustedOrigins) => composeMain({ ...main, shell: 'browser-host', trustedOrigins })
  })
}
