import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { builtHost, builtHostFile, type BuiltHost } from '../../e2e/built-host'
import { progress } from './figures'

const root = join(import.meta.dirname, '../../..')
const manifestFile = join(root, 'out/renderer/.vite/manifest.json')

function newest(dir: string): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

const builtAt = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0)

/** Builds the app (`npx electron-vite build`) when out/ is missing or older than its sources. */
export function ensureBuilt(): void {
  const built = Math.min(builtAt(manifestFile), builtAt(builtHostFile))
  const sources = Math.max(...['renderer', 'shared', 'electron', 'sandbox'].map((dir) => newest(join(root, dir))))
  if (built > sources) return
  progress('building the app (npx electron-vite build)…')
  execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
}

/** The bundled main process and its built workers (out/main/host.cjs), built first when stale. */
export function built(): BuiltHost {
  ensureBuilt()
  return builtHost()
}
