import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Messages reach the recruiter as sentences ("…not a Talent Desk backup. Nothing was changed."),
// so every message the main process writes into a StoreError or AppError ends like one.
const root = path.resolve(import.meta.dirname, '../../..')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return entry.name.endsWith('.ts') ? [file] : []
  })
}

/** The literal message argument of each `new StoreError(code, '…'` / `new AppError(code, '…'`. */
function messages(): Array<{ where: string; text: string }> {
  const found: Array<{ where: string; text: string }> = []
  const pattern = /new (?:StoreError|AppError)\(\s*'[a-z_]+',\s*(['`])((?:(?!\1)[^\\]|\\.)*)\1/g
  for (const file of sources(path.join(root, 'electron/main'))) {
    const text = fs.readFileSync(file, 'utf8')
    for (const match of text.matchAll(pattern)) {
      // A template with a nested template inside stops at the inner backtick: not a whole message.
      if ((match[2]!.match(/\$\{/g) ?? []).length > (match[2]!.match(/\}/g) ?? []).length) continue
      found.push({ where: `${path.relative(root, file)}: ${match[2]!.slice(0, 40)}`, text: match[2]! })
    }
  }
  return found
}

describe('messages are sentences', () => {
  it('finds the messages it checks', () => {
    expect(messages().length).toBeGreaterThan(20)
  })

  it('ends every error message with a full stop (or ? ! …)', () => {
    const unfinished = messages()
      .filter(({ text }) => !/[.!?…](”|")?$/.test(text.trim()))
      .map(({ where }) => where)
    expect(unfinished).toEqual([])
  })
})
