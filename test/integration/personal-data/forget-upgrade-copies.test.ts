import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORGET_NOTICE } from '../../../electron/main/privacy/privacy-service'
import { profiles, useMains } from '../services/helpers'

/*
 * Forgetting does not reach the copies of the data file the store made before upgrading its format
 * (talent-desk.sqlite.pre-v….bak, kept beside it for recovery): over the composed main and SQLite
 * on disk, the forget's notice says how many there are and that they still hold the person.
 */

const start = useMains()

describe('forgetting, and the copies made before upgrades', () => {
  it('says the copies in the data folder still hold them, only when there are some', async () => {
    const main = await start({})
    const [first, second] = profiles(2) as Array<{ key: string }>
    const list = await main.ok('createShortlist', { name: 'Upgrades' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: [first, second] })

    expect((await main.ok('forgetPeople', { keys: [first!.key], reason: 'person-asked' })).notice).toBe(FORGET_NOTICE)

    const file = path.join(main.dataDir, 'talent-desk.sqlite')
    fs.copyFileSync(file, `${file}.pre-v23-from-v22.2026-03-01T10-00-00-000Z.bak`)
    const forgot = await main.ok('forgetPeople', { keys: [second!.key], reason: 'person-asked' })
    expect(forgot.notice).toBe(
      `${FORGET_NOTICE} The copy of the data file made before an upgrade (talent-desk.sqlite.pre-v….bak in the data folder) still holds them too: delete it once you no longer need to go back to an older version.`
    )
  })
})
