import type { AppInfo } from '../../../shared/ipc/channels/app'

export interface AppInfoSource {
  name: string
  version: string
  shell: AppInfo['shell']
  /** Runtime versions to show (node, chrome, electron…); injected so tests need no Electron. */
  versions: Record<string, string | undefined>
  platform: string
  arch: string
}

/** Answers the About panel: which app, which build, on what. */
export class AppInfoService {
  readonly #source: AppInfoSource
  constructor(source: AppInfoSource) {
    this.#source = source
  }

  getInfo(): AppInfo {
    const { name, version, shell, platform, arch, versions } = this.#source
    const defined = Object.fromEntries(
      Object.entries(versions).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    )
    return { name, version, shell, platform, arch, versions: defined }
  }
}
