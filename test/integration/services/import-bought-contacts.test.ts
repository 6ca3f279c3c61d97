import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { importDone, noKeychain, ScriptedDialogs, tempDir, useMains, useOpened } from './helpers'

/*
 * The enriched sheet lists, beside each matched row, the emails bought for its person (read from
 * the contacts feature through its boughtContacts port), and nothing for a person nobody bought.
 */

const opened = useOpened()

describe('an enriched sheet and the contacts bought', () => {
  const start = useMains()

  it('fills Bought emails for the row whose person was bought, and leaves the other blank', async () => {
    const sandbox = await startTestSandbox({
      clock: systemClock,
      credits: 10,
      contactTiming: { startAfterMs: 20, completeAfterMs: 60, failureShare: 0 }
    })
    opened.push(sandbox)
    const out = tempDir('td-bought-sheet-')
    const exported = path.join(out, 'enriched.csv')
    const main = await start({
      loadKeytar: noKeychain,
      fileDialogs: new ScriptedDialogs().answer(exported),
      contactPolling: { firstMs: 30, factor: 1.5, maxMs: 100, limitMs: 10_000 }
    })
    const overview = await main.ok('saveConnection', { name: 'Sheet', baseUrl: sandbox.baseUrl })
    const connectionId = overview.connections.find((c) => c.name === 'Sheet')!.id
    await main.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
    await main.ok('setActiveConnection', { id: connectionId })

    const people = testCatalog()
      .search({}, { limit: 200, offset: 300 })
      .results.filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
      .slice(0, 2)
      .map((person) => [person.full_name!, (person as { emails: string[] }).emails[0]!])
    const bytes = Buffer.from(['Name,Email', ...people.map((row) => row.join(','))].join('\n') + '\n')
    const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
    await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
    const { batch } = await main.ok('openImport', { uploadId, fileName: 'people.csv' })
    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 60_000)
    const rows = (await main.ok('listImportRows', { batchId: batch.id, filter: 'all', limit: 10 })).rows
    const keys = rows.map((row) => row.bestKey)
    expect(keys.every((key) => typeof key === 'string')).toBe(true)

    // the first row's person is bought; the second's is not
    const quote = await main.ok('quoteContacts', { keys: [keys[0]!], contactType: 'Email', includeKnown: true })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'sheet-buy-0001' })
    expect(bought.statuses.map((status) => status.status)).toEqual(['Completed'])

    await main.ok('exportCsv', {
      exportId: 'enriched-bought',
      source: { kind: 'import', batchId: batch.id },
      columns: { preset: 'basic' }
    })
    const [header = [], ...lines] = parse(fs.readFileSync(exported, 'utf8'), {
      bom: true,
      relax_column_count: true
    }) as string[][]
    const emails = header.indexOf('Bought emails')
    const name = header.indexOf('Name')
    expect(emails).toBeGreaterThan(-1)
    const byName = new Map(lines.map((line) => [line[name], line[emails]]))
    expect(byName.get(people[0]![0])).toMatch(/@/)
    expect(byName.get(people[1]![0])).toBe('')
  })
})
