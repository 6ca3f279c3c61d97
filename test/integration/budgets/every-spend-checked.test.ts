import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { channels, type ChannelName } from '../../../shared/ipc/contract'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import { generateProfiles } from '../../../sandbox/data/generate'
import { testSeed } from '../sandbox/helpers'
import { noKeychain, useMains } from '../services/helpers'

/*
 * A new way to spend cannot forget the budgets. The spending paths are derived: every main-process
 * file that writes a row of the credit ledger (what was spent), and every channel that confirms a
 * quote (its input names a `quoteId`). Each file must be reached through one of those channels,
 * each such channel must take the lift (`overBudget`), and each is called here over the composed
 * main and the built-in Sandbox with the month's budget used up: refused, naming the budget, until
 * lifted. Whoever adds a path sees it fail here until it is checked and listed.
 */

const root = path.resolve(__dirname, '../../..')
const mainDir = path.join(root, 'electron/main')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

/** Files that write what was spent into the ledger, relative to electron/main. */
const ledgerWriters = sources(mainDir)
  .filter((file) => /\bledger\.record\(/.test(fs.readFileSync(file, 'utf8')))
  .map((file) => path.relative(mainDir, file).split(path.sep).join('/'))
  .sort()

/** Channels that confirm a quote: the ones that can spend. */
const confirming = (Object.keys(channels) as ChannelName[])
  .filter((name) => {
    const shape = (channels[name].input as unknown as { shape?: Record<string, unknown> }).shape
    return shape !== undefined && 'quoteId' in shape
  })
  .sort()

/** Which confirming channel leads to each file that writes the ledger. */
const pathTo: Record<string, ChannelName> = {
  'contacts/purchase-requests.ts': 'buyContacts',
  // 0-credit lines for people served from the team's purchases: by buyContacts (and callTool's lookup)
  'contacts/team-served.ts': 'buyContacts',
  'tools/tool-ledger.ts': 'callTool'
}

describe('every spending path checks the budgets', () => {
  it('knows every file that writes the ledger and every channel that confirms a spend', () => {
    expect(ledgerWriters.filter((file) => pathTo[file] === undefined)).toEqual([])
    expect([...new Set(Object.values(pathTo))].sort()).toEqual(confirming)
    for (const name of confirming) {
      const shape = (channels[name].input as unknown as { shape: Record<string, unknown> }).shape
      expect(Object.keys(shape), name).toContain('overBudget')
    }
  })

  const start = useMains()

  it('refuses each path’s spend once the month’s budget is used up, and lets it through when lifted', async () => {
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    const keys = generateProfiles({ count: 300, seed: testSeed })
      .slice(0, 4)
      .map((p) => p.key!)
    // 1 of 1: reached, not crossed
    await main.ok('setBudget', { scope: 'connection', targetId: 'sandbox', credits: 1 })
    const first = await main.ok('quoteContacts', { keys: keys.slice(0, 1), contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: first.quoteId, requestId: 'every-spend-0001' })
    expect((await main.ok('listBudgets', {})).budgets).toEqual([expect.objectContaining({ level: 'reached' })])
    const overBudget = /^Over budget: .* would take Sandbox this month past its budget \(\d+ of 1 credits spent\)/

    const calls: Record<ChannelName, () => Promise<void>> = {
      buyContacts: async () => {
        const quote = await main.ok('quoteContacts', { keys: keys.slice(1, 2), contactType: 'Email' })
        const refused = await main.fail('buyContacts', { quoteId: quote.quoteId, requestId: 'every-spend-0002' })
        expect(refused.message).toMatch(overBudget)
        await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'every-spend-0003', overBudget: true })
      },
      callTool: async () => {
        // a contacts lookup, priced by the Contacts screen's quote
        const lookup = {
          name: 'contacts',
          arguments: { action: 'lookup', keys: keys.slice(2, 3), contact_type: 'Email' }
        }
        const priced = toolQuoteRequiredSchema.parse(
          (await main.fail('callTool', { ...lookup, requestId: 'every-spend-0004' })).details
        ).quote
        const refused = await main.fail('callTool', {
          ...lookup,
          requestId: 'every-spend-0005',
          quoteId: priced.quoteId
        })
        expect(refused.message).toMatch(overBudget)
        await main.ok('callTool', {
          ...lookup,
          requestId: 'every-spend-0006',
          quoteId: priced.quoteId,
          overBudget: true
        })
        // a call whose cost nobody can say: any credit is past a budget used up
        const unpriced = { name: 'workspaces', arguments: { action: 'create', name: 'Nurses' } }
        const asked = toolQuoteRequiredSchema.parse(
          (await main.fail('callTool', { ...unpriced, requestId: 'every-spend-0007' })).details
        ).quote
        expect(asked.contacts).toBeNull()
        const stopped = await main.fail('callTool', {
          ...unpriced,
          requestId: 'every-spend-0008',
          quoteId: asked.quoteId
        })
        expect(stopped.message).toMatch(/^Over budget: any credit would take Sandbox this month past its budget/)
        await main.ok('callTool', {
          ...unpriced,
          requestId: 'every-spend-0009',
          quoteId: asked.quoteId,
          overBudget: true
        })
      }
    } as Record<ChannelName, () => Promise<void>>
    expect(Object.keys(calls).sort()).toEqual(confirming)
    for (const name of confirming) await calls[name]()
  })
})
