import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { src, svelteFiles } from './svelte-files'

// A list with its detail beside it is one rule of styles/app.css (issue 37 item 5d): a screen names
// other columns in its .panes's --panes-detail-columns, it does not write the layout again.
describe('the list-and-detail layout', () => {
  it('is written once, in styles/app.css', () => {
    expect(readFileSync(join(src, 'styles/app.css'), 'utf8')).toMatch(/\.panes\.with-detail \{/)
    const again = svelteFiles()
      .filter((file) => /\.panes\.with-detail\b/.test(readFileSync(file, 'utf8').split('<style')[1] ?? ''))
      .map((file) => relative(src, file))
    expect(again).toEqual([])
  })

  it('is used by the screens that open a row beside their list', () => {
    const using = svelteFiles()
      .filter((file) => /class="panes"[^>]*class:with-detail=/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file))
      .sort()
    expect(using).toEqual([
      'sections/chat/ChatScreen.svelte',
      'sections/contacts/ContactsScreen.svelte',
      'sections/search/SearchScreen.svelte',
      'sections/shortlists/ShortlistsScreen.svelte',
      'sections/usage/TransactionsPane.svelte'
    ])
  })
})
