import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { copyLanguages } from '../../../shared/copy-languages'
import type { SavedTarget } from '../../../shared/ipc/channels/export'
import { makeProfile, noKeychain, useMains, type TestMain } from '../services/helpers'

/*
 * Issue #36 item 2: the access copy a person reads says what is held, where it came from, why,
 * who receives it, how long it is kept, their rights and who the controller is (set once in
 * Settings: stored, checked), in their language, chosen per copy; no table column or API field
 * name. The JSON beside it keeps the rows. Through the real channels over the composed main.
 */

function fetched(main: TestMain, target: SavedTarget): string {
  if (target.kind !== 'download') throw new Error('expected a download')
  const download = main.services.downloads.take(target.downloadId)!
  const text = fs.readFileSync(download.path, 'utf8')
  main.services.downloads.release(download)
  return text
}

/** What the page says, tags out: the words a person reads. */
const words = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('an access copy a person can read', () => {
  const start = useMains()

  it('names the controller set in Settings (stored, checked) and is written in the language asked for', async () => {
    const main = await start({ loadKeytar: noKeychain })
    const ana = makeProfile(1) as Record<string, unknown>
    const list = await main.ok('createShortlist', { name: 'Berlin backend' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: [ana, makeProfile(2)] })
    const key = ana.key as string

    // the controller: none until set; a name and a way to reach them are required
    expect(await main.ok('getDataController', {})).toBeNull()
    const refused = await main.fail('setDataController', { controller: { name: '  ', contact: 'x' } })
    expect(refused.code).toBe('invalid_input')
    const controller = {
      name: 'Fabrikam Recruiting GmbH',
      contact: 'privacy@fabrikam.example\nHauptstraße 1, Berlin',
      dpo: ''
    }
    expect(await main.ok('setDataController', { controller })).toEqual(controller)
    expect(await main.ok('getDataController', {})).toEqual(controller)
    await main.ok('setRetention', { settings: { inactiveDays: 365, contactDays: 1 } })

    const copy = await main.ok('exportPersonData', { key, language: 'de' })
    if (copy.cancelled) throw new Error('cancelled')
    const html = fetched(main, copy.files[0]!.target)
    const json = JSON.parse(fetched(main, copy.files[1]!.target)) as { language: string; tables: unknown[] }
    const page = words(html)
    expect(html).toContain('<html lang="de">')
    expect(page).toContain(`Ihre personenbezogenen Daten: ${ana.full_name as string}`)
    for (const said of [
      'Fabrikam Recruiting GmbH',
      'privacy@fabrikam.example',
      'Was wir über Sie speichern',
      'Ihr Profil in unseren Auswahllisten',
      'Woher die Daten stammen',
      'Berlin backend',
      'Unser berechtigtes Interesse',
      'Talent Search Partner API',
      'nach 365 Tagen ohne Aktivität gelöscht',
      '1 Tag nach dem letzten Kauf',
      'Ihre Rechte',
      'Artikel 77',
      ana.cur_title as string
    ])
      expect(page, said).toContain(said)
    expect(page).not.toContain('{')
    for (const internal of ['profile_json', 'stage_id', 'shortlist_id', '_etag', 'callerId', 'profile_key', 'null'])
      expect(page, internal).not.toContain(internal)
    // the JSON beside it keeps the rows as stored
    expect(json.language).toBe('de')
    expect(JSON.stringify(json.tables)).toContain('profile_json')

    // every language: the page in it, the controller named, nothing left as English headings
    const english = words(
      fetched(
        main,
        ((await main.ok('exportPersonData', { key })) as { files: Array<{ target: SavedTarget }> }).files[0]!.target
      )
    )
    for (const language of copyLanguages.filter((code) => code !== 'en')) {
      const other = await main.ok('exportPersonData', { key, language })
      if (other.cancelled) throw new Error('cancelled')
      const text = fetched(main, other.files[0]!.target)
      for (const file of other.files.slice(1)) fetched(main, file.target)
      expect(text).toContain(`<html lang="${language}">`)
      expect(words(text)).toContain('Fabrikam Recruiting GmbH')
      for (const heading of ['What we hold about you', 'Where it came from', 'Your rights', 'How long we keep it'])
        expect(words(text), `${language}: ${heading}`).not.toContain(heading)
    }
    for (const heading of ['What we hold about you', 'Where it came from', 'Your rights', 'How long we keep it'])
      expect(english).toContain(heading)
  })
})
