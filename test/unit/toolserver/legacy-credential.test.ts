import { describe, expect, it } from 'vitest'
import { mentionsLegacyCredential } from '../../../electron/main/toolserver/legacy-credential'

describe('the older credential’s documented answers', () => {
  it('are recognised whatever the case, the apostrophe or the words around them', () => {
    expect(mentionsLegacyCredential('Recruiter was not found')).toBe(true)
    expect(mentionsLegacyCredential('Error: recruiter was NOT found (user 0)')).toBe(true)
    expect(mentionsLegacyCredential("credit balances aren't available for M2M service credentials")).toBe(true)
    expect(mentionsLegacyCredential('Credit balances aren’t available for M2M service credentials.')).toBe(true)
  })

  it('are not confused with other refusals', () => {
    expect(mentionsLegacyCredential('Workspace "w1" was not found')).toBe(false)
    expect(mentionsLegacyCredential('Not enough credits')).toBe(false)
    expect(mentionsLegacyCredential('')).toBe(false)
  })
})
