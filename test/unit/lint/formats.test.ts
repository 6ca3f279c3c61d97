import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Issue 19: one number format and one date format in the page. Lint refuses any other way of
// turning a number or a date into text in renderer/, so the next screen cannot drift.
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname })

async function formatFindings(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath })
  const fatal = result!.messages.find((message) => message.fatal)
  if (fatal) throw new Error(fatal.message)
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-properties').length
}

describe('lint: one number and date format in the page', () => {
  it('refuses toLocaleString and Intl formatters outside lib/format.ts', async () => {
    const file = 'renderer/src/sections/x.ts'
    expect(await formatFindings(file, 'export const a = (n: number) => n.toLocaleString()\n')).toBe(1)
    expect(await formatFindings(file, 'export const a = (d: Date) => d.toLocaleDateString()\n')).toBe(1)
    expect(await formatFindings(file, "export const a = new Intl.NumberFormat('en')\n")).toBe(1)
    expect(await formatFindings(file, 'export const a = new Intl.DateTimeFormat()\n')).toBe(1)
    expect(await formatFindings(file, "export const a = new Intl.Collator('en')\n")).toBe(0)
    expect(await formatFindings('renderer/src/lib/format.ts', "export const a = new Intl.NumberFormat('en')\n")).toBe(0)
  }, 60_000)
})
