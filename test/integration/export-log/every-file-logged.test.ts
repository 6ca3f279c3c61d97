import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { channels, type ChannelName } from '../../../shared/ipc/contract'
import { csvSourceSchema, savedTargetSchema, type CsvSource } from '../../../shared/ipc/channels/export'
import type { FileDialogs } from '../../../electron/main/export/save-targets'
import { profiles, tempDir, useMains, type TestMain } from '../services/helpers'

/*
 * A new way out for people's data cannot forget the export log. The file-writing channels are
 * derived from the contract (every channel whose answer can carry a SavedTarget: the file it
 * wrote), the CSV sources from their schema; each is called over the composed main and must add
 * one line naming the file it wrote. A channel or source with no way to call it here fails, so
 * whoever adds one adds it here and sees whether it logs. And every main-process file that asks
 * where to save records what it saved.
 */

type Schema = z.ZodType & { _zod: { def: Record<string, unknown> } }
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Schema)._zod?.def === 'object'

/** Whether `schema` holds `wanted` anywhere (object fields, union options, arrays, optional…). */
function holds(schema: Schema, wanted: z.ZodType, seen = new Set<unknown>()): boolean {
  if (schema === wanted) return true
  if (seen.has(schema)) return false
  seen.add(schema)
  const children = (value: unknown): Schema[] =>
    isSchema(value)
      ? [value]
      : Array.isArray(value)
        ? value.filter(isSchema)
        : typeof value === 'object' && value !== null
          ? Object.values(value).filter(isSchema)
          : []
  return Object.values(schema._zod.def)
    .flatMap(children)
    .some((child) => holds(child, wanted, seen))
}

const fileWriting = (Object.keys(channels) as ChannelName[]).filter((name) =>
  holds(channels[name].output as unknown as Schema, savedTargetSchema)
)
const sourceKinds = csvSourceSchema.options.map((option) => option.shape.kind.value)

interface Seeded {
  main: TestMain
  shortlistId: string
  memberIds: number[]
  key: string
  batchId: string
}

/** One CSV source of each kind, over what `seed` made. */
const sources: { [K in CsvSource['kind']]: (seeded: Seeded) => Extract<CsvSource, { kind: K }> } = {
  shortlist: ({ shortlistId }) => ({ kind: 'shortlist', shortlistId }),
  members: ({ memberIds }) => ({ kind: 'members', memberIds }),
  profiles: () => ({ kind: 'profiles', profiles: profiles(2, 9) as Array<Record<string, unknown>> }),
  transactions: () => ({ kind: 'transactions', transactions: [{ requestType: 'MatchProfiles', credits: 1 }] }),
  import: ({ batchId }) => ({ kind: 'import', batchId })
}

/** How to call each file-writing channel: every way it writes a file. */
const recipes: Partial<Record<ChannelName, (seeded: Seeded) => Array<() => Promise<unknown>>>> = {
  exportCsv: (seeded) =>
    sourceKinds.map(
      (kind) => () =>
        seeded.main.ok('exportCsv', {
          exportId: `every-${kind}`,
          source: sources[kind](seeded),
          columns: { preset: 'basic' }
        })
    ),
  backupShortlists: ({ main }) => [() => main.ok('backupShortlists', {})],
  exportPersonData: ({ main, key }) => [() => main.ok('exportPersonData', { key })],
  exportExportLog: ({ main }) => [() => main.ok('exportExportLog', {})],
  exportRegister: ({ main }) => [() => main.ok('exportRegister', {})]
}

async function seed(main: TestMain): Promise<Seeded> {
  const list = await main.ok('createShortlist', { name: 'Every way out' })
  await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(3) })
  const members = await main.ok('listMembers', { shortlistId: list.id })
  const bytes = Buffer.from('Name,Email\r\nAna Example,ana@example.com\r\n')
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { batch } = await main.ok('openImport', { uploadId, fileName: 'people.csv' })
  return {
    main,
    shortlistId: list.id,
    memberIds: members.map((m) => m.id),
    key: members[0]!.profileKey,
    batchId: batch.id
  }
}

/** The names of the files an answer says were written. */
function namesIn(answer: unknown): string[] {
  const names: string[] = []
  const walk = (value: unknown) => {
    const parsed = savedTargetSchema.safeParse(value)
    if (parsed.success) names.push(parsed.data.kind === 'file' ? path.basename(parsed.data.path) : parsed.data.fileName)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk)
  }
  walk(answer)
  return names
}

describe('every way a file leaves the app is logged', () => {
  const start = useMains()

  it('finds the file-writing channels in the contract', () => {
    // the derivation itself: the ones known today are among them, and nothing else is
    expect(fileWriting).toEqual(
      expect.arrayContaining(['exportCsv', 'backupShortlists', 'exportPersonData', 'exportExportLog'])
    )
    expect(fileWriting).not.toContain('listShortlists')
  })

  it.each(['desktop', 'browser host'] as const)('each one adds a line naming its files (%s)', async (shell) => {
    const out = tempDir('td-every-export-')
    let n = 0
    // a recruiter who saves everything where it is offered, each under its own name
    const dialogs: FileDialogs = {
      chooseSavePath: async (request) => path.join(out, `${(n += 1)}-${request.defaultName}`)
    }
    const main = await start(shell === 'desktop' ? { fileDialogs: dialogs } : {})
    const seeded = await seed(main)
    for (const channel of fileWriting) {
      const recipe = recipes[channel]
      expect(
        recipe,
        `${channel} writes a file: add how to call it here, and record its files in the export log`
      ).toBeDefined()
      for (const call of recipe!(seeded)) {
        const before = (await main.ok('listExportLog', {})).total
        const answer = await call()
        const written = namesIn(answer)
        expect(written.length, `${channel} answered no file`).toBeGreaterThan(0)
        const { entries, total } = await main.ok('listExportLog', { limit: 1 })
        expect(total, `${channel} wrote ${written.join(', ')} without a line in the export log`).toBe(before + 1)
        expect(entries[0]!.files.map((file) => file.name)).toEqual(written)
      }
    }
  })

  it('every main-process file that asks where to save records what it saved', () => {
    const root = path.resolve(__dirname, '../../../electron/main')
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }))
    // the port and the save targets themselves define choose; a service calls it
    const asking = files.filter(({ text }) => /\.choose\(\{/.test(text))
    expect(asking.map(({ file }) => file).length).toBeGreaterThanOrEqual(3)
    for (const { file, text } of asking) {
      expect(/exportLog\(\)\.record\(|this\.record\(/.test(text), `${file} saves files without recording them`).toBe(
        true
      )
    }
  })
})
