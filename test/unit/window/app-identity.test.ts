import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appId, applyAppUserModelId } from '../../../electron/main/window/app-identity'

const root = join(import.meta.dirname, '..', '..', '..')
const yaml = createRequire(join(root, 'package.json'))('js-yaml') as { load(text: string): unknown }

describe('the app’s identity on Windows', () => {
  it('is the appId the installer is built with (electron-builder.yml)', () => {
    const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as { appId: string }
    expect(appId).toBe(config.appId)
  })

  it('is set as the Application User Model ID on Windows, and left alone elsewhere', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const) {
      const ids: string[] = []
      const applied = applyAppUserModelId({ setAppUserModelId: (id) => void ids.push(id) }, platform)
      expect(ids).toEqual(platform === 'win32' ? [appId] : [])
      expect(applied).toBe(platform === 'win32')
    }
  })
})
