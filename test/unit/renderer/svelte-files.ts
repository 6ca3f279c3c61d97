import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The page's source folder. */
export const src = join(__dirname, '../../../renderer/src')

/** Every .svelte file below a folder of the page (all of them by default). */
export function svelteFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name)
    if (entry.isDirectory()) return svelteFiles(file)
    return entry.name.endsWith('.svelte') ? [file] : []
  })
}
