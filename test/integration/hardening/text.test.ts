import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '../../../shared/ipc/errors'
import { profiles, startMain, type TestMain } from '../services/helpers'
import { hostileStrings } from './schema-arbitraries'
import { hardeningSeed, runs } from './seed'

/*
 * Text a recruiter saves comes back exactly as sent (after trimming), or is refused as
 * invalid_input naming the field — never saved altered. Lone surrogates cannot be stored in
 * UTF-8 (SQLite would keep "�" instead), so the contract refuses them; NUL, bidi overrides,
 * emoji, formulas and the rest are kept as they are. Search takes any text.
 */

const seed = hardeningSeed('text')

/** Any code unit, lone surrogates and NUL included, plus whole hostile strings. */
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u0000', ' ', '\u200B', '"') }
)
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit, minLength: 1, maxLength: Math.min(maxLength, 30) }),
    fc.constantFrom(...hostileStrings).map((text) => text.slice(0, maxLength))
  )

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('text round trips', () => {
  let main: TestMain
  let shortlistId: string
  let memberId: number

  beforeAll(async () => {
    main = await startMain()
    shortlistId = (await main.ok('createShortlist', { name: 'Text' })).id
    memberId = (await main.ok('addMembers', { shortlistId, profiles: profiles(1) })).added[0]!
  })
  afterAll(() => main.close())

  /** Refused naming `field` exactly when it holds a lone surrogate (or is blank); else `stored`. */
  function expectKeptOrRefused(
    reply: IpcResult<unknown>,
    text: string,
    field: string,
    stored: () => unknown,
    trimmed = true
  ) {
    const what = JSON.stringify(text)
    if (LONE.test(text) || (trimmed && text.trim() === '')) {
      expect(reply.ok, what).toBe(false)
      if (reply.ok) return
      expect(reply.error.code, what).toBe('invalid_input')
      expect(JSON.stringify(reply.error.details), what).toContain(`"path":"${field}"`)
      return
    }
    expect(reply, what).toMatchObject({ ok: true })
    expect(stored(), what).toBe(trimmed ? text.trim() : text)
  }

  it('shortlist names', async () => {
    await fc.assert(
      fc.asyncProperty(anyText(200), async (name) => {
        const reply = await main.call('renameShortlist', { id: shortlistId, name })
        const lists = await main.ok('listShortlists', {})
        expectKeptOrRefused(reply, name, 'name', () => lists.find((list) => list.id === shortlistId)?.name)
      }),
      runs(seed, 60)
    )
  })

  it('stage names', async () => {
    await fc.assert(
      fc.asyncProperty(anyText(60), async (name) => {
        const reply = await main.call('addStage', { name })
        if (!reply.ok && reply.error.code === 'conflict') return // a stage of that name exists
        const stages = await main.ok('listStages', {})
        expectKeptOrRefused(reply, name, 'name', () =>
          reply.ok ? stages.find((stage) => stage.id === reply.data.id)?.name : undefined
        )
        if (reply.ok) await main.ok('removeStage', { id: reply.data.id })
      }),
      runs(seed, 40)
    )
  })

  it('notes and tags', async () => {
    await fc.assert(
      fc.asyncProperty(anyText(100), async (text) => {
        const notes = await main.call('updateMember', { memberId, patch: { notes: `${text}.` } })
        const member = await main.ok('getMember', { memberId })
        expectKeptOrRefused(notes, `${text}.`, 'patch.notes', () => member.notes, false)
        const tags = await main.call('updateMember', { memberId, patch: { tags: [text] } })
        const tagged = await main.ok('getMember', { memberId })
        expectKeptOrRefused(tags, text, 'patch.tags.0', () => tagged.tags[0])
      }),
      runs(seed, 40)
    )
  })

  it('saved-people search takes any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText(500), fc.string({ unit, maxLength: 500 })), async (query) => {
        const reply = await main.call('searchSaved', { query })
        expect(reply, JSON.stringify(query)).toMatchObject({ ok: true })
      }),
      runs(seed, 100)
    )
    // FTS5 read a NUL as the end of the query ("unterminated string"), and answered `internal`
    expect(await main.call('searchSaved', { query: '\u00000' })).toMatchObject({ ok: true })
    expect(await main.call('searchSaved', { query: 'Hadd\u0000ad' })).toMatchObject({ ok: true })
  })
})
