import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { src, svelteFiles } from './svelte-files'

/** The dialogs a screen opens on its people. */
const personDialogs = ['BuyContactsDialog', 'PersonalDataDialog', 'ForgetPeopleDialog', 'AddToShortlistDialog']
const home = 'components/person-dialogs/PersonDialogs.svelte'

/** Which of the person dialogs a file's markup writes. */
function dialogsIn(file: string): string[] {
  const markup = readFileSync(file, 'utf8')
  return personDialogs.filter((name) => new RegExp(`<${name}\\b`).test(markup))
}

// The person dialogs block is one component (issue 37 item 5): a screen that lists people keeps a
// PersonDialogsState and writes <PersonDialogs>, not the dialogs again.
describe('the person dialogs block', () => {
  it('is written once, in components/person-dialogs/PersonDialogs.svelte', () => {
    expect(dialogsIn(join(src, home))).toEqual(personDialogs)
    const again = svelteFiles()
      .filter((file) => relative(src, file) !== home && dialogsIn(file).length >= 2)
      .map((file) => `${relative(src, file)}: ${dialogsIn(file).join(', ')}`)
    expect(again).toEqual([])
  })

  it('is what Search, Shortlists and Chat show, with none of its dialogs written beside it', () => {
    for (const section of ['search', 'shortlists', 'chat']) {
      const files = svelteFiles(join(src, 'sections', section))
      const using = files.filter((file) => /<PersonDialogs\b/.test(readFileSync(file, 'utf8')))
      expect(
        using.map((file) => relative(src, file)),
        section
      ).toHaveLength(1)
      const written = files.flatMap((file) => dialogsIn(file).map((name) => `${relative(src, file)}: ${name}`))
      expect(written, section).toEqual([])
    }
  })
})
