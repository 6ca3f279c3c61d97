import type { Handlers } from '../ipc/router'
import type { SecretVault } from '../vault/secret-vault'
import type { AppInfoService } from './app-info'

export interface LogFolder {
  path: string
  open?: (path: string) => Promise<boolean>
}

/** What the app is, where its log is, and whether the keychain holds secrets. */
export function appInfoHandlers(deps: {
  appInfo: AppInfoService
  vault: SecretVault
  logFolder: LogFolder | undefined
}) {
  return {
    getAppInfo: () => deps.appInfo.getInfo(),
    openLogFolder: async () => {
      const folder = deps.logFolder
      if (folder === undefined) return { opened: false, path: null }
      const opened = folder.open ? await folder.open(folder.path) : false
      return { opened, path: folder.path }
    },
    getKeychainStatus: () => deps.vault.status()
  } satisfies Partial<Handlers>
}
