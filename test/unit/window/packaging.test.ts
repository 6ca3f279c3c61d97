import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { FuseV1Options } from '@electron/fuses'
import { describe, expect, it } from 'vitest'

// Packaging downloads Electron, so it cannot run here; this checks the configuration with the
// tools that will read it: js-yaml (as electron-builder parses it), electron-builder's own
// schema validator, and the fuse names of the installed @electron/fuses.
const root = join(import.meta.dirname, '..', '..', '..')
const require = createRequire(join(root, 'package.json'))
const yaml = require('js-yaml') as { load(text: string): unknown }
// electron-builder lives in packaging/ with its own lockfile (it needs Node 22.12; the app 20.19):
// `npm ci --prefix packaging` installs it, as `npm run dist` and CI do.
const requirePackaging = createRequire(join(root, 'packaging', 'package.json'))

interface BuilderConfig {
  appId: string
  productName: string
  directories: { output: string }
  files: string[]
  asar: boolean
  asarUnpack: string[]
  npmRebuild: boolean
  electronFuses: Record<string, boolean>
  linux: { target: string[] }
  deb: { depends: string[] }
  mac: { target: string[]; category: string; hardenedRuntime: boolean; entitlements: string }
  win: { target: string[] }
  nsis: { oneClick: boolean; allowToChangeInstallationDirectory: boolean }
}
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig

describe('electron-builder.yml', () => {
  // Loading electron-builder's validator takes seconds from a cold disk on a busy machine.
  it('is a configuration electron-builder itself accepts', { timeout: 30_000 }, async () => {
    const { validateConfiguration } = requirePackaging('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>
    }
    const { DebugLogger } = requirePackaging('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    await expect(validateConfiguration(structuredClone(config), new DebugLogger(false))).resolves.toBeUndefined()
    // …and the validator does refuse a wrong one, so the line above means something.
    const broken = { ...structuredClone(config), nsis: { oneClick: 'no' } }
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/oneClick/)
  })

  it('names the app and ships only the build output', () => {
    expect(config.appId).toBe('app.talentdesk.desktop')
    expect(config.productName).toBe('Talent Desk')
    expect(config.directories.output).toBe('dist')
    expect(config.files.slice(0, 3)).toEqual(['out/**/*', 'package.json', '!out/**/*.map'])
    // Everything after that only excludes: the brotli copies of the page's files (the browser
    // host's, electron/host/page-files.ts), native sources and object files.
    expect(config.files[3]).toBe('!out/renderer/**/*.br')
    expect(config.files.slice(4).every((pattern) => pattern.startsWith('!node_modules/'))).toBe(true)
  })

  it('packs into asar with native modules unpacked and rebuilt for Electron', () => {
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['**/*.node', 'node_modules/better-sqlite3/**', 'node_modules/keytar/**'])
    )
    expect(config.npmRebuild).toBe(true)
  })

  it('builds deb (with libsecret for keytar) and AppImage, dmg and nsis', () => {
    expect(config.linux.target).toEqual(['deb', 'AppImage'])
    expect(config.deb.depends).toContain('libsecret-1-0')
    expect(config.mac).toMatchObject({
      target: ['dmg'],
      category: 'public.app-category.business',
      hardenedRuntime: true
    })
    expect(existsSync(join(root, config.mac.entitlements))).toBe(true)
    expect(config.win.target).toEqual(['nsis'])
    expect(config.nsis).toMatchObject({ oneClick: false, allowToChangeInstallationDirectory: true })
  })
})

describe('Electron fuses', () => {
  // electron-builder maps `runAsNode` to FuseV1Options.RunAsNode, and so on.
  const fuseName = (key: string) => key[0]!.toUpperCase() + key.slice(1)
  const installedFuses = Object.keys(FuseV1Options).filter((name) => Number.isNaN(Number(name)))

  it('sets every fuse the installed @electron/fuses knows, and no unknown one', () => {
    expect(Object.keys(config.electronFuses).map(fuseName).sort()).toEqual([...installedFuses].sort())
  })

  it('turns off Node entry points and file:// privileges, and enforces the integrity-checked asar', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false
    })
  })
})
