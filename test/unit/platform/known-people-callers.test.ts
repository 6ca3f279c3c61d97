import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * One answer to "is this person already in your ATS" (issue #36 item 5), derived from the source:
 * the one function (knownAmong) is called by the known-people service only; every feature that
 * marks, quotes, bulk-matches or exports asks it through the port `knownPeople`; every quote —
 * the page's (Search, Chat, Shortlists, Contacts, Import: one dialog) and a tool's lookup — is
 * ContactsService.quote, which asks the port; and the dialog sends what each row holds of the
 * person. The behaviour is proven over the composed main in known-everywhere.test.ts.
 */

const ROOT = path.join(import.meta.dirname, '../../..')

function sources(dir: string, ext: RegExp): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sources(rel, ext))
    else if (ext.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(rel)
  }
  return out
}
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
const calling = (files: string[], call: RegExp) => files.filter((file) => call.test(read(file))).sort()

describe('who answers "already in your ATS"', () => {
  const main = sources('electron/main', /\.ts$/)
  const renderer = sources('renderer/src', /\.(ts|svelte)$/)

  it('one function, called by the known-people service only, provided as the port knownPeople', () => {
    expect(calling(main, /\bknownAmong\(/)).toEqual([
      'electron/main/known-people/known-people-check.ts',
      'electron/main/known-people/known-people-service.ts'
    ])
    expect(read('electron/main/known-people/index.ts')).toMatch(
      /knownPeople: \{\s*check: \(people, connectionId\) => lists\.check/
    )
  })

  it('every feature that marks, quotes, bulk-matches or exports asks the port', () => {
    expect(calling(main, /port\('knownPeople'\)/)).toEqual([
      // the ATS pull writes the lists it pulls through it (and a removed connection's goes)
      'electron/main/ats/index.ts',
      // the send's preview and look answer "already there" by link and name from the pulled list
      'electron/main/ats/push/index.ts',
      // the shell hands the port on (MainServices.knownPeople: the ATS pull's tests and bench)
      'electron/main/compose.ts',
      'electron/main/contacts/index.ts',
      'electron/main/export/index.ts',
      'electron/main/imports/index.ts'
    ])
    // the marks: the renderer's one check goes to main's checkKnownPeople, the port's own service
    expect(calling(renderer, /\.checkKnownPeople\(/)).toEqual(['renderer/src/lib/person-marks.svelte.ts'])
  })

  it('every quote is ContactsService.quote, and the page asks it from one dialog with what each row holds', () => {
    expect(calling(main, /\.quote\(/)).toEqual([
      'electron/main/contacts/handlers.ts',
      'electron/main/tools/spend-confirmations.ts'
    ])
    expect(calling(renderer, /\.quoteContacts\(/)).toEqual([
      'renderer/src/components/contacts/BuyContactsDialog.svelte'
    ])
    expect(read('renderer/src/components/contacts/BuyContactsDialog.svelte')).toMatch(
      /knownOf\(personRefOf\(p\.key, p\.profile\)\)/
    )
    // the screens whose rows hold a profile the app has not saved pass it to the dialog
    for (const screen of [
      'renderer/src/sections/search/SearchScreen.svelte',
      'renderer/src/sections/chat/ChatScreen.svelte'
    ]) {
      expect(read(screen), screen).toMatch(/profile: row\.profile/)
    }
    // the tool's quote leaves out the same people: it does not ask to keep them
    expect(read('electron/main/tools/spend-confirmations.ts')).not.toMatch(/includeKnown/)
  })
})
