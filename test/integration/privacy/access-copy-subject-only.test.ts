import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { systemClock as appClock } from '../../../electron/main/store/clock'
import type { WholePersonProfile } from '../../../shared/api'
import type { SavedTarget } from '../../../shared/ipc/channels/export'
import { traitsOf } from '../../../electron/main/personal-data/person-match'
import { removeDir } from '../store/helpers'
import { startTestSandbox } from '../sandbox/helpers'
import { connect, noKeychain, tempDir, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * Issue #36 item 1 (GDPR art. 15(4)): a person's access copy discloses nobody else. Three people
 * in one Chat answer, two of them bought in one purchase; each one's copy (the HTML and the JSON)
 * is scanned for the other two's names, emails, phones, handles and keys: no hit. Through the
 * real channels over the composed main and the Sandbox over HTTP.
 */

const opened = useOpened()
const folders: string[] = []
afterEach(() => {
  for (const dir of folders.splice(0)) removeDir(dir)
})
const poll = { firstMs: 20, factor: 1.5, maxMs: 80, limitMs: 20_000 }

/** A download the page fetches: its text, then it is gone. */
function fetched(main: TestMain, target: SavedTarget): string {
  if (target.kind !== 'download') throw new Error('expected a download')
  const download = main.services.downloads.take(target.downloadId)!
  const text = fs.readFileSync(download.path, 'utf8')
  main.services.downloads.release(download)
  return text
}

describe('an access copy is about its person only', () => {
  const start = useMains()

  it('three people in one chat answer, two bought: no copy names the other two', async () => {
    const sandbox = await startTestSandbox({
      clock: systemClock,
      credits: 50,
      contactTiming: { startAfterMs: 10, completeAfterMs: 40, failureShare: 0 }
    })
    opened.push(sandbox)
    const dataDir = tempDir('td-access-')
    folders.push(dataDir)
    const main = await start({ dataDir, loadKeytar: noKeychain, clock: appClock, contactPolling: poll })
    await connect(main, sandbox, 'Access service')

    const chat = await main.ok('sendChat', { text: 'software engineers', requestId: 'access-chat-1' })
    const results = chat.turns[1]!.results.slice(0, 3)
    expect(results).toHaveLength(3)
    const keys = results.map((result) => result.key!)
    // the first two are bought in one purchase (one ledger line names both), email and phone
    for (const contactType of ['Email', 'Phone'] as const) {
      const quote = await main.ok('quoteContacts', { keys: keys.slice(0, 2), contactType })
      const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: `access-buy-${contactType}` })
      expect(bought.statuses.map((status) => status.status)).toEqual(['Completed', 'Completed'])
    }

    // who each one is: as the app knows them, and as their profile in the answer names them
    const words = new Map<string, string[]>()
    for (const [index, key] of keys.entries()) {
      const { person } = await main.ok('describePerson', { key })
      const profile = results[index]!.profile as WholePersonProfile
      const traits = traitsOf(profile)
      const all = [key, ...person.names, ...person.emails, ...person.phones, ...person.handles]
      all.push(...traits.names, ...traits.emails, ...traits.phones, ...traits.handles)
      words.set(key, [...new Set(all.filter((word) => word.length >= 3).map((word) => word.toLowerCase()))])
    }
    expect(words.get(keys[0]!)!.some((word) => word.includes('@'))).toBe(true)
    // bought phones are phone numbers, never the time a number was last seen (issue #36 item 1)
    const bought = await main.ok('describePerson', { key: keys[0]! })
    expect(bought.person.phones.length).toBeGreaterThan(0)
    for (const phone of bought.person.phones) expect(phone).toMatch(/^\+?[\d\s().-]+$/)

    for (const key of keys) {
      const copy = await main.ok('exportPersonData', { key })
      if (copy.cancelled) throw new Error('cancelled')
      const [html, json] = copy.files.map((file) => fetched(main, file.target).toLowerCase())
      const others = keys.filter((other) => other !== key).flatMap((other) => words.get(other)!)
      const hits = [
        ...others.filter((word) => html!.includes(word)).map((word) => `html: ${word}`),
        ...others.filter((word) => json!.includes(word)).map((word) => `json: ${word}`)
      ]
      expect(hits, `the copy of ${key}`).toEqual([])
      // and the copy is still theirs: their own name and the chat that found them are in it
      expect(json).toContain(words.get(key)![0])
      expect(JSON.parse(json!).tables.map((table: { table: string }) => table.table)).toContain('conversation_turns')
    }
  }, 90_000)
})

describe('an access copy asked for a key nobody holds', () => {
  const start = useMains()

  it('says nobody is held, writes no copy, and logs nothing personal', async () => {
    const dataDir = tempDir('td-access-none-')
    folders.push(dataDir)
    const main = await start({ dataDir, loadKeytar: noKeychain })
    const key = 'p_nobody4242'
    const answer = await main.fail('exportPersonData', { key })
    expect(answer).toMatchObject({ code: 'not_found' })
    expect(answer.message).toMatch(/holds nothing about this person/)
    expect(answer.message).not.toContain(key)
    expect(JSON.stringify(main.logs)).not.toContain(key)
    expect((await main.ok('listExportLog', {})).entries).toEqual([])
    const downloads = main.services.downloads.dir
    expect(fs.existsSync(downloads) ? fs.readdirSync(downloads) : []).toEqual([])
  })
})
