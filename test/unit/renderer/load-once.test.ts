import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { src, svelteFiles } from './svelte-files'

const using = (pattern: RegExp) =>
  svelteFiles()
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => relative(src, file))
    .sort()

// A panel reads what it shows the first time it is shown, and its form starts from what is saved:
// two effects the Settings panels wrote again and again, now lib/load-once.svelte.ts (issue 37 item 5).
describe('reading once and filling once', () => {
  it('are written once, in lib/load-once.svelte.ts', () => {
    expect(using(/\$effect\(\(\) => \{\s*if \([\w.]+\.state === 'idle'\) (void )?\w/)).toEqual([])
    expect(using(/\blet filled = false\b/)).toEqual([])
  })

  it('are what the Settings panels (and Activity) use', () => {
    expect(using(/\bloadOnce\(/)).toEqual([
      'components/watches/SavedSearches.svelte',
      'components/watches/WatchShortlistButton.svelte',
      'components/watches/WatchesPanel.svelte',
      'sections/activity/ActivityScreen.svelte',
      'sections/settings/ats/AtsPanel.svelte',
      'sections/settings/known-people/KnownPeoplePanel.svelte',
      'sections/settings/personal-data/ControllerPanel.svelte',
      'sections/settings/personal-data/DoNotContactPanel.svelte',
      'sections/settings/personal-data/RecordsPanel.svelte',
      'sections/settings/personal-data/RetentionPanel.svelte',
      'sections/settings/team/TeamPanel.svelte'
    ])
    expect(using(/\bfillOnce\(/)).toEqual([
      'sections/settings/personal-data/ControllerPanel.svelte',
      'sections/settings/personal-data/RetentionPanel.svelte'
    ])
  })
})
