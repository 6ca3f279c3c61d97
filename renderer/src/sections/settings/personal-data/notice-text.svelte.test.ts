import { describe, expect, it } from 'vitest'
import { copyLanguages } from '../../../../../shared/copy-languages'
import { noticeText } from './notice-text'

describe('the candidate notice', () => {
  const controller = { name: 'Fabrikam Recruiting GmbH', contact: 'privacy@fabrikam.example\nHauptstraße 1, Berlin' }

  it('is written in each of the six languages and names the controller set in Settings', () => {
    const texts = copyLanguages.map((language) => noticeText(language, controller))
    expect(new Set(texts).size).toBe(6)
    for (const text of texts) {
      expect(text).toContain('Fabrikam Recruiting GmbH')
      expect(text).toContain('privacy@fabrikam.example, Hauptstraße 1, Berlin')
      expect(text).not.toMatch(/[{}]/)
    }
    expect(noticeText('de', controller)).toMatch(/^Guten Tag \[Name\],/)
    expect(noticeText('de', controller)).toContain('Ihre Rechte:')
    expect(noticeText('nl', controller)).toContain('Uw rechten:')
  })

  it('leaves brackets to fill in where no controller is set', () => {
    expect(noticeText('fr', null)).toContain('recruteur chez [entreprise]')
    expect(noticeText('en', null)).toContain('[your name], [company], [contact address]')
  })
})
