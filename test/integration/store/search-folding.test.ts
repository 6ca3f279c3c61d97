import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../electron/main/store/database'
import { migrations } from '../../../electron/main/store/migrations'
import { shortlistsStore, type ShortlistsStore } from '../../../electron/main/shortlists/shortlists-store'
import { foldSearchText } from '../../../electron/main/store/search-text'
import { openTestStore, removeDir, tempDir } from './helpers'

// The saved-people search as recruiters type: letters that do not decompose (ø, ł, æ …), a
// city, and programming-language names whose punctuation a tokenizer would otherwise drop.
const people = [
  {
    key: 'nordic',
    full_name: 'Søren Ødegård',
    cur_title: 'Backend Engineer',
    city: 'Oslo',
    country: 'Norway',
    skills: ['C#', '.NET']
  },
  {
    key: 'polish',
    full_name: 'Łukasz Wałęsa',
    cur_title: 'Systems Engineer',
    city: 'Gdańsk',
    country: 'Poland',
    skills: ['C++', 'Rust']
  },
  {
    key: 'brazil',
    full_name: 'Ana Conceição',
    cur_title: 'Data Engineer',
    city: 'São Paulo',
    state: 'SP',
    country: 'Brazil',
    skills: ['F#', 'Python']
  },
  {
    key: 'german',
    full_name: 'Jens Großmann',
    cur_title: 'Web Developer',
    city: 'Köln',
    country: 'Germany',
    skills: ['ASP.NET', 'C', 'Go']
  },
  {
    key: 'plain',
    full_name: 'Carl Cole',
    cur_title: 'Cloud Consultant',
    city: 'Cork',
    country: 'Ireland',
    skills: ['Clojure', 'CSS']
  }
]

let dir: string
let store: ShortlistsStore
beforeEach(() => {
  dir = tempDir()
  const opened = openTestStore(dir)
  store = shortlistsStore(opened.store, opened.clock)
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

function seed(): void {
  const list = store.shortlists.create('Everyone')
  for (const profile of people) store.members.add(list.id, { profile })
}
const keys = (query: string): string[] =>
  store.memberSearch
    .search(query)
    .map((hit) => hit.profileKey)
    .sort()

describe('saved-people search folds letters as people type them', () => {
  it('finds names with ø, ł, ß and accents typed on a plain keyboard, and typed as written', () => {
    seed()
    expect(keys('odegard')).toEqual(['nordic'])
    expect(keys('soren')).toEqual(['nordic'])
    expect(keys('ødegård')).toEqual(['nordic'])
    expect(keys('ØDEGÅRD')).toEqual(['nordic'])
    expect(keys('lukasz')).toEqual(['polish'])
    expect(keys('walesa')).toEqual(['polish'])
    expect(keys('Wałęsa')).toEqual(['polish'])
    expect(keys('grossmann')).toEqual(['german'])
    expect(keys('conceicao')).toEqual(['brazil'])
  })

  it('finds people by city, state and country', () => {
    seed()
    expect(keys('sao paulo')).toEqual(['brazil'])
    expect(keys('são paulo')).toEqual(['brazil'])
    expect(keys('gdansk')).toEqual(['polish'])
    expect(keys('koln')).toEqual(['german'])
    expect(keys('norway')).toEqual(['nordic'])
  })

  it('keeps C#, C++, .NET and F# as words of their own', () => {
    seed()
    expect(keys('C#')).toEqual(['nordic'])
    expect(keys('c#')).toEqual(['nordic'])
    expect(keys('C++')).toEqual(['polish'])
    expect(keys('F#')).toEqual(['brazil'])
    expect(keys('.NET')).toEqual(['german', 'nordic'])
    // `c` alone is still a prefix, as it was: everyone with a c-word.
    expect(keys('c').length).toBeGreaterThan(2)
  })

  it('keeps the folded index in step with renames, notes and removal', () => {
    seed()
    const hit = store.memberSearch.search('odegard')[0]!
    store.members.update(hit.id, { notes: 'Spoke with Åse at the Tromsø meetup' })
    expect(keys('tromso')).toEqual(['nordic'])
    store.removedMembers.remove(hit.id)
    expect(keys('odegard')).toEqual([])
    expect(keys('tromso')).toEqual([])
  })

  it('folds the text it indexes and what is typed the same way', () => {
    expect(foldSearchText('Søren Ødegård')).toBe('soren odegard')
    expect(foldSearchText('Straße Œuvre Þór')).toBe('strasse oeuvre thor')
    expect(foldSearchText('C#, C++ and ASP.NET')).toBe('csharp, cplusplus and asp dotnet')
    expect(foldSearchText('Node.js')).toBe('node.js')
  })
})

describe('migrating a version 2 store to the folded search', () => {
  it('indexes the members it already had, their locations included', () => {
    const file = path.join(dir, 'old.sqlite')
    store.close()
    const v2 = openDatabase({ path: file, migrations: migrations.slice(0, 2) })
    v2.db.prepare("INSERT INTO shortlists (id, name, created_at, updated_at) VALUES ('s1', 'Old', 'x', 'x')").run()
    const insert = v2.db.prepare(
      `INSERT INTO members (shortlist_id, profile_key, profile_json, profile_captured_at, profile_source, name, title,
         company, skills, stage_id, added_at, updated_at) VALUES ('s1', ?, ?, 'x', 'saved', ?, ?, '', ?, 1, 'x', 'x')`
    )
    for (const profile of people) {
      insert.run(profile.key, JSON.stringify(profile), profile.full_name, profile.cur_title, profile.skills.join(', '))
    }
    insert.run('damaged', '{"key":"damaged", "city": "Lis', 'Damaged Person', 'Nurse', '')
    v2.close()

    const upgraded = openDatabase({ path: file })
    try {
      expect(upgraded.openedAtVersion).toBe(2)
      const find = (query: string): string[] =>
        (
          upgraded.db
            .prepare(
              `SELECT m.profile_key AS key FROM members_fts JOIN members m ON m.id = members_fts.rowid
                WHERE members_fts MATCH ? ORDER BY key`
            )
            .all(`"${foldSearchText(query)}"*`) as Array<{ key: string }>
        ).map((row) => row.key)
      expect(find('odegard')).toEqual(['nordic'])
      expect(find('csharp')).toEqual(['nordic'])
      expect(find('paulo')).toEqual(['brazil'])
      expect(find('damaged')).toEqual(['damaged'])
      expect(upgraded.db.prepare("SELECT location FROM members WHERE profile_key = 'brazil'").get()).toEqual({
        location: 'São Paulo, SP, Brazil'
      })
    } finally {
      upgraded.close()
    }
  })
})
