import { describe, expect, it } from 'vitest'
import type { ContactPurchase, ContactQuote } from '../../../shared/ipc/channels/contacts'
import { purchaseWords, quoteText } from '../../../renderer/src/components/contacts/quote-words'

const quote = (suppressed: string[]): ContactQuote => ({
  quoteId: 'q1',
  connectionId: 'c1',
  contactType: 'Email',
  keys: ['a', 'b'],
  alreadyBought: [],
  inFlight: [],
  newKeys: ['a', 'b'],
  suppressed,
  creditsNeeded: 2,
  available: 10,
  availableSeenAt: null,
  expiresAt: '2026-01-01T00:00:00.000Z'
})

describe('quoteText', () => {
  it('says how many people were left out as not to be contacted', () => {
    expect(quoteText(quote(['x', 'y', 'z']))).toBe(
      'Emails: 2 new — 2 credits; 3 left out — on the do-not-contact list or forgotten at their request; 10 available, 8 after'
    )
  })

  it('says how many a colleague of the team already bought, free', () => {
    const fromTeam = [{ key: 'c', boughtBy: 'Anna', boughtAt: '2026-11-28T09:00:00.000Z' }]
    expect(quoteText({ ...quote([]), keys: ['a', 'b', 'c'], fromTeam })).toBe(
      'Emails: 2 new — 2 credits; 1 already bought by the team — free; 10 available, 8 after'
    )
  })

  it('says nothing of it when nobody was left out', () => {
    expect(quoteText(quote([]))).toBe('Emails: 2 new — 2 credits; 10 available, 8 after')
  })
})

describe('purchaseWords', () => {
  const purchase = (creditsSpent: number, served: string[]): ContactPurchase => ({
    purchaseId: 'p1',
    connectionId: 'c1',
    contactType: 'Email',
    outcome: 'bought',
    creditsSpent,
    available: 0,
    used: null,
    statuses: served.map((key) => ({
      key,
      status: 'Completed',
      result: { status: 'Completed' },
      issues: [],
      failure: null
    })),
    timedOut: false,
    notBought: ['w'],
    message: null
  })
  const fromTeam = [{ key: 'x', boughtBy: 'Anna', boughtAt: '2026-11-28T09:00:00.000Z' }]

  it('says who came free from the team when the service was refused the rest, not that nothing was bought', () => {
    expect(purchaseWords(purchase(0, ['x']), { fromTeam })).toBe(
      '1 from what the team already bought — free. Nothing new was bought from the service.'
    )
  })

  it('says what was bought for what otherwise', () => {
    expect(purchaseWords(purchase(2, []), {})).toBe('Bought 2 for 2 credits.')
    expect(purchaseWords(purchase(0, []), {})).toBe('Nothing new was bought.')
  })
})
