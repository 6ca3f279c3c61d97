import { render } from 'svelte/server'
import { describe, expect, it } from 'vitest'
import { BIDI_CONTROLS } from '../../lib/user-text'
import ContactsSection from './ContactsSection.svelte'

// Issue 29, item 9: contact data the service sent was shown as sent — an email written with a
// right-to-left override ("‮moc.elpmaxe@eve" reads "eve@example.com") passed for another address,
// in the purchase dialog and the Contacts section alike. Shown (and copied) without the controls,
// each value in a <bdi>, as names are everywhere else (lib/user-text).
const RLO = String.fromCodePoint(0x202e)
const LRI = String.fromCodePoint(0x2066)
const PDI = String.fromCodePoint(0x2069)

describe('contact data with bidirectional controls', () => {
  it('is shown without them, isolated, in the text and in the Copy buttons’ names', () => {
    const contacts = [
      {
        emails: [{ email: `${RLO}moc.elpmaxe@eve`, type: `${RLO}krow`, validation: 'valid' }],
        phone_numbers: [{ number: `${LRI}+1 555 0100${PDI}`, type: `mobile${RLO}` }],
        profiles: [{ network: `${RLO}nideknil`, user_name: 'eve', url: 'https://www.linkedin.com/in/eve' }]
      }
    ]
    const { body } = render(ContactsSection, { props: { contacts } })
    expect(body).toContain('moc.elpmaxe@eve')
    expect(body).toContain('+1 555 0100')
    expect(body).toContain('nideknil eve')
    expect(body.match(BIDI_CONTROLS)).toBeNull()
    expect(body).toMatch(/<code[^>]*><bdi>moc\.elpmaxe@eve<\/bdi><\/code>/)
    expect(body).toContain('aria-label="Copy moc.elpmaxe@eve"')
  })
})
