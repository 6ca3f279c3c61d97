import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
// @ts-expect-error the lint config is plain JavaScript, without types
import { mainInfrastructure } from '../../../eslint.config.js'
import { describe, expect, it } from 'vitest'
import { root, sourceFiles } from './resolved-imports'

/**
 * Features own their data (issue 37): a feature reads and writes its own repositories, and
 * another feature's only through a port. Derived, not listed: each feature's personal-data.ts
 * claims its tables; each repository the Store offers touches tables (its SQL); a repository
 * whose tables one feature claims is that feature's. A feature that reaches such a repository of
 * another through `store` (`store.x`, `store().x`, `stores.get().x`, `this.#store().x`) breaks it.
 */
const infrastructure: string[] = mainInfrastructure
const mainDir = join(root, 'electron/main')
const storeDir = join(mainDir, 'store')
const features = readdirSync(mainDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !infrastructure.includes(entry.name))
  .map((entry) => entry.name)

/**
 * The repositories store/ keeps because several features truly share them (members and their
 * snapshots, the ledger, connections, settings), each behind one interface.
 */
const SHARED_REPOS = new Set([
  'shortlists',
  'stages',
  'members',
  'snapshots',
  'memberRecords',
  'ledger',
  'connections',
  'settings'
])

/** Their tables: a repository that also reads one (a join on members) is still its feature's. */
const SHARED_TABLES = new Set([
  'shortlists',
  'stages',
  'members',
  'member_snapshots',
  'credit_ledger',
  'contact_purchases',
  'connections',
  'settings'
])

/**
 * Reads and writes across features not moved behind a port yet, each with why (issue 37 goes on).
 * Each must still happen (a stale line fails), so the list only shrinks.
 */
const NOT_YET: Record<string, string> = {}

/**
 * Repositories one feature owns that the Store still offers (issue 37 moves them to their
 * feature's folder, as known-people/, activity/, refresh/, chat/ and watches/ hold theirs): the
 * list only shrinks, and a repository of one feature added to the Store fails.
 */
const STILL_IN_STORE: Record<string, string> = {
  // stays while contacts-service.ts is being split (issue 37); other features read it only
  // through the boughtContacts and contactQuotes ports
  contacts: 'contacts'
}

/** Each table a feature's personal-data.ts claims, and that feature. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>()
  for (const folder of readdirSync(mainDir)) {
    const file = join(mainDir, folder, 'personal-data.ts')
    if (!existsSync(file)) continue
    for (const [, table] of readFileSync(file, 'utf8').matchAll(/\btable:\s*'([a-z_0-9]+)'/g))
      owners.set(table!, folder)
  }
  return owners
}

/** The Store's repositories: field name → the source of the file its class comes from. */
function storeRepositories(): Map<string, string> {
  const index = readFileSync(join(storeDir, 'index.ts'), 'utf8')
  const body = /export interface Store \{([\s\S]*?)\n\}/.exec(index)?.[1] ?? ''
  const fileOf = new Map<string, string>()
  for (const [, names, from] of index.matchAll(/import \{([^}]+)\} from '(\.{1,2}\/[^']+)'/g)) {
    for (const name of names!.split(',').map((part) => part.trim().replace(/^type /, ''))) {
      if (name !== '') fileOf.set(name, join(storeDir, `${from}.ts`))
    }
  }
  const repos = new Map<string, string>()
  for (const [, field, type] of body.matchAll(/^\s*readonly (\w+): (\w+)/gm)) {
    const file = fileOf.get(type!)
    if (file !== undefined && existsSync(file)) repos.set(field!, readFileSync(file, 'utf8'))
  }
  return repos
}

/** The tables a repository's SQL writes (else, for one that only reads, those it reads). */
function tablesIn(source: string, known: Map<string, string>): Set<string> {
  const named = (pattern: RegExp) =>
    new Set([...source.matchAll(pattern)].map((match) => match[1]!).filter((name) => known.has(name)))
  const written = named(/\b(?:INSERT(?: OR \w+)? INTO|REPLACE INTO|UPDATE|DELETE FROM)\s+([a-z_0-9]+)/g)
  return written.size > 0 ? written : named(/\b(?:FROM|JOIN)\s+([a-z_0-9]+)/g)
}

/** The repository each store field is: owned by one feature, or shared (kept in store/). */
function repositoryOwners(): Map<string, string | null> {
  const owners = tableOwners()
  const out = new Map<string, string | null>()
  for (const [field, source] of storeRepositories()) {
    if (SHARED_REPOS.has(field)) {
      out.set(field, null)
      continue
    }
    const own = [...tablesIn(source, owners)].filter((table) => !SHARED_TABLES.has(table))
    const by = new Set(own.map((table) => owners.get(table)!))
    out.set(field, by.size === 1 ? [...by][0]! : null)
  }
  return out
}

/** Each `feature → repo` a feature reaches through the store, with where. */
function reaches(repos: Map<string, string | null>): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const access = /(?:\bstore|\bstore\(\)|#store\(\)|\bstores\.get\(\))\s*\.\s*(\w+)/g
  for (const feature of features) {
    for (const file of sourceFiles(join(mainDir, feature))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(access)) {
        const owner = repos.get(match[1]!)
        if (owner === undefined || owner === null || owner === feature) continue
        const line = text.slice(0, match.index).split('\n').length
        const key = `${feature} → ${match[1]}`
        found.set(key, [...(found.get(key) ?? []), `${relative(root, file)}:${line}`])
      }
    }
  }
  return found
}

describe('features own their repositories', () => {
  const repos = repositoryOwners()

  it('maps the store’s repositories to the features that claim their tables', () => {
    // the derivation reads what it should: the moves of issue 37 change these lines, not the rule
    expect(repos.get('contacts')).toBe('contacts')
    expect(repos.get('ledger')).toBeNull()
    expect(repos.get('members')).toBeNull()
  })

  it('leaves in store only the repositories several features share, and those still to move', () => {
    const owned = Object.fromEntries([...repos].filter(([, owner]) => owner !== null))
    expect(owned).toEqual(STILL_IN_STORE)
  })

  it('no feature reaches another feature’s repository through store (a port instead)', () => {
    const found = reaches(repos)
    const breaches = [...found]
      .filter(([key]) => !(key in NOT_YET))
      .map(([key, where]) => `${key} (${where.join(', ')})`)
    expect(breaches).toEqual([])
    // a crossing put behind a port leaves the list
    expect(Object.keys(NOT_YET).filter((key) => !found.has(key))).toEqual([])
  })
})
