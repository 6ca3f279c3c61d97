import type { MainContribution } from '../main-options'
import { storeHandlers } from '../store/handlers'
import { personalDataOwner } from '../store/personal-data'
import { AppInfoService } from './app-info'
import { appInfoHandlers } from './handlers'

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
} satisfies MainContribution
