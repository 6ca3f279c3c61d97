import type { AppInfo } from '../../shared/ipc/channels/app'
import { EventHub } from './ipc/event-hub'
import { createRouter, type Handlers, type Router } from './ipc/router'
import type { Logger } from './logger'
import { AppInfoService } from './services/app-info'
import { loadNodeKeytar, openVault, type KeytarLoader } from './vault/open-vault'

export interface MainOptions {
  /** Where local data lives: Electron's userData, or a folder given to the browser host. */
  dataDir: string
  shell: AppInfo['shell']
  appName: string
  appVersion: string
  /** Origins of the app's own renderer; every other sender is refused. */
  trustedOrigins: readonly string[]
  logger: Logger
  versions: Record<string, string | undefined>
  /** Loads keytar; Electron passes its own ABI build. Defaults to Node's. */
  loadKeytar?: KeytarLoader
}

export interface MainServices {
  router: Router
  events: EventHub
  close(): Promise<void>
}

/**
 * The one place where the main process's services are built and wired together. The Electron
 * shell and the browser host both call this, so they run exactly the same code behind the bridge.
 */
export async function composeMain(options: MainOptions): Promise<MainServices> {
  const events = new EventHub()
  const appInfo = new AppInfoService({
    name: options.appName,
    version: options.appVersion,
    shell: options.shell,
    versions: options.versions,
    platform: process.platform,
    arch: process.arch
  })

  const vault = await openVault(options.loadKeytar ?? loadNodeKeytar, options.logger)

  const handlers: Handlers = {
    getAppInfo: () => appInfo.getInfo(),
    getKeychainStatus: () => vault.status()
  }

  const router = createRouter({ handlers, trustedOrigins: options.trustedOrigins, logger: options.logger })
  return {
    router,
    events,
    async close() {}
  }
}
