/**
 * The build's appId, as electron-builder.yml names it (`appId`; packaging.test.ts checks that the
 * two agree). The Windows installer gives its shortcuts this Application User Model ID, and
 * Windows names toast notifications and groups taskbar buttons by it: the running app must
 * announce the same one, or its notifications carry "electron.app.Talent Desk" and no icon.
 */
export const appId = 'app.talentdesk.desktop'

/** The part of Electron's `app` this module touches. */
export interface AppIdentityTarget {
  setAppUserModelId(id: string): void
}

/** Sets the Application User Model ID on Windows; Electron defines the method there only. */
export function applyAppUserModelId(app: AppIdentityTarget, platform: NodeJS.Platform): boolean {
  if (platform !== 'win32') return false
  app.setAppUserModelId(appId)
  return true
}
