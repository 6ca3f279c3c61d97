import { describe, expect, it } from 'vitest'
import { useMains } from '../services/helpers'
import { addGreenhouse, addLever, keychainEntry, keychainHere, useAtsFakes } from './ats-fixture'

// Settings → ATS, editing a connection (issue #39 item 1): rename it, replace its key in the real
// OS keychain (run under dbus-run-session with gnome-keyring unlocked, as docs/testing.md says),
// change the user it acts as, test it again, and undo — through the router, over real HTTP
// against the fake Greenhouse and Lever.
const start = useMains()
const ats = useAtsFakes({ seed: 7, fromProfiles: 100 })

describe.runIf(keychainHere)('editing an ATS connection (the real keychain, the fakes over HTTP)', () => {
  it('renames it, replaces its key for the same address and its acting user; Test connection uses them; Undo puts all back', async () => {
    const main = await start()
    const gh = ats.fakes.greenhouse
    const added = await addGreenhouse(main, gh, 'Greenhouse, read only', {
      apiKey: gh.keys.readOnly,
      onBehalfOf: gh.disabledUserId
    })
    const id = added.connections[0]!.id
    // acting as a user who left: Test connection says so
    expect((await main.fail('testAtsConnection', { id })).message).toMatch(/is disabled: Greenhouse refuses writes/)

    const edited = await main.ok('editAtsConnection', {
      id,
      name: 'Our Greenhouse',
      apiKey: gh.keys.full,
      actingUser: String(gh.userId)
    })
    expect(edited.connections[0]).toMatchObject({
      id,
      name: 'Our Greenhouse',
      actingUser: String(gh.userId),
      key: { configured: true, hint: gh.keys.full.slice(-4) }
    })
    // the keychain holds the new key, bound to the same address; it never comes back on a channel
    expect(await keychainEntry(main, id)).toMatchObject({ secret: gh.keys.full, origin: new URL(gh.baseUrl).origin })
    expect(JSON.stringify(edited)).not.toContain(gh.keys.full)
    // the page hears of it by event
    expect(
      main.events.some(
        (e) => e.name === 'atsConnectionsChanged' && JSON.stringify(e.payload).includes('Our Greenhouse')
      )
    ).toBe(true)
    // tested again: the new key may create, as the new user
    expect(await main.ok('testAtsConnection', { id })).toMatchObject({
      actingUser: 'Sam Sandbox',
      mayReadCandidates: true,
      mayCreateCandidates: true
    })

    // a Greenhouse user is a number: said in words, nothing changed
    const refused = await main.fail('editAtsConnection', { id, actingUser: 'sam' })
    expect(refused).toMatchObject({ code: 'invalid_input', message: 'Enter the Greenhouse user’s numeric id.' })
    expect((await main.ok('listAtsConnections', {})).connections[0]!.actingUser).toBe(String(gh.userId))

    // Undo: the old name, user and key again (the keychain's entry too)
    const undone = await main.ok('undoEditAtsConnection', { id })
    expect(undone.connections[0]).toMatchObject({
      name: 'Greenhouse, read only',
      actingUser: String(gh.disabledUserId),
      key: { configured: true, hint: gh.keys.readOnly.slice(-4) }
    })
    expect((await keychainEntry(main, id))?.secret).toBe(gh.keys.readOnly)
    expect((await main.fail('undoEditAtsConnection', { id })).code).toBe('not_found')
    await main.ok('removeAtsConnection', { id })
  })

  it('a Lever connection takes a new perform_as user alone; its key stays', async () => {
    const main = await start()
    const lever = ats.fakes.lever
    const added = await addLever(main, lever, 'Our Lever', { performAs: lever.deactivatedUserId })
    const id = added.connections[0]!.id
    const edited = await main.ok('editAtsConnection', { id, actingUser: lever.userId })
    expect(edited.connections[0]).toMatchObject({ name: 'Our Lever', actingUser: lever.userId })
    expect((await keychainEntry(main, id))?.secret).toBe(lever.keys.full)
    expect(await main.ok('testAtsConnection', { id })).toMatchObject({ kind: 'lever', mayCreateCandidates: true })
    await main.ok('removeAtsConnection', { id })
  })
})
