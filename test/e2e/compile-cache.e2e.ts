import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronNode } from '../electron-standin/electron-node'
import { builtHostFile } from './built-host'

/*
 * The built host turns on Node's compile cache (Node 22.1+, Electron 39's Node) before main's
 * code is required (electron/host/compile-cache.ts; issue #36 item 12): a later start compiles
 * less. Run under Electron's own Node with a fresh TMPDIR, its default cache folder appears there.
 */
describe('the compile cache', () => {
  it('is turned on by out/main/host.cjs under Node 22 (its folder appears in TMPDIR)', async () => {
    const { node, env } = await electronNode(() => undefined)
    const tmp = mkdtempSync(join(tmpdir(), 'td-compile-cache-'))
    try {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, TMPDIR: tmp }
      delete childEnv['NODE_COMPILE_CACHE']
      execFileSync(node, [builtHostFile, '--help'], { env: childEnv, encoding: 'utf8' })
      expect(readdirSync(tmp)).toContain('node-compile-cache')
      expect(readdirSync(join(tmp, 'node-compile-cache')).some((dir) => dir.startsWith('v22.'))).toBe(true)
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  })
})
