import type { AppInfo } from '../../../shared/ipc/channels/app'
import type { FeatureContribution } from '../platform/contribution'
import { storeHandlers } from '../store/handlers'
import { personalDataOwner } from '../store/personal-data'
import { AppInfoService } from './app-info'
import { appInfoHandlers } from './handlers'
import type { LogFolder } from './handlers'

export type { LogFolder } from './handlers'

/** What the shell says about the app (MainOptions). */
export interface AppInfoOptions {
  shell: AppInfo['shell']
  appName: string
  appVersion: string
  versions: Record<string, string | undefined>
  /** Where the support log is, and how the shell opens a folder (Electron: shell.openPath). */
  logFolder?: LogFolder
}

/** What the app is and the state of what it stands on: its version, log, keychain and data file. */
export const contribution = {
  name: 'app-info',
  create({ options, vault, stores }) {
    const appInfo = new AppInfoService({
      name: options.appName,
      version: options.appVersion,
      shell: options.shell,
      versions: options.versions,
      platform: process.platform,
      arch: process.arch
    })
    return {
      handlers: { ...appInfoHandlers({ appInfo, vault, logFolder: options.logFolder }), ...storeHandlers(stores) },
      // the store's settings table, written by several features: nothing about a person (it says why)
      personalData: personalDataOwner(() => stores.get())
    }
  }
} satisfies FeatureContribution<AppInfoOptions>
