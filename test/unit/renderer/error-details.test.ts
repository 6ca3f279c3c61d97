import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { src, svelteFiles } from './svelte-files'

const home = 'components/ErrorWithDetails.svelte'
/** A hand-written "Details" disclosure of an error. */
const disclosure = /<summary>\s*Details\s*<\/summary>/

// The error block with its "Details" disclosure is one component (ErrorWithDetails): a screen
// writes <ErrorWithDetails>, not the <details><summary>Details</summary><pre>… again.
describe('the Details disclosure of an error', () => {
  it('is written once, in components/ErrorWithDetails.svelte', () => {
    expect(readFileSync(join(src, home), 'utf8')).toMatch(disclosure)
    const again = svelteFiles()
      .filter((file) => relative(src, file) !== home && disclosure.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file))
    expect(again).toEqual([])
  })

  it('is what the screens that show an error with its details use', () => {
    const using = svelteFiles()
      .filter((file) => /<ErrorWithDetails\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file))
      .sort()
    expect(using).toEqual([
      'components/NoticeBar.svelte',
      'components/StoreBanner.svelte',
      'components/ats-send/AtsSendDialog.svelte',
      'components/export/ExportDialog.svelte',
      'components/personal-data/PersonalDataDialog.svelte',
      'sections/chat/ChatScreen.svelte',
      'sections/contacts/ContactsScreen.svelte',
      'sections/search/ResultsMessage.svelte',
      'sections/settings/ats/AtsConnectionItem.svelte',
      'sections/settings/personal-data/OutcomeMessage.svelte',
      'sections/settings/personal-data/ReadFailure.svelte',
      'sections/tools/ToolResult.svelte',
      'sections/tools/ToolsScreen.svelte',
      'sections/usage/BudgetsPane.svelte',
      'sections/usage/TransactionsPane.svelte',
      'sections/usage/UsageScreen.svelte'
    ])
  })
})
