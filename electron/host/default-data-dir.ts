import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The folder Electron would use as `userData` for "Talent Desk", so the desktop app and the
 * browser host see the same shortlists on one machine.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.TALENT_DESK_DATA_DIR) return env.TALENT_DESK_DATA_DIR
  const name = 'Talent Desk'
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), name)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', name)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), name)
}
