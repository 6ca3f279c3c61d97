import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sendBackupFile } from '../../../renderer/src/sections/shortlists/backup-file'
import { BACKUP_CHUNK_CHARS, MAX_BACKUP_CHARS } from '../../../shared/ipc/channels/export'
import type { SpawnBackupWorker } from '../../../electron/main/export/backup-reader'
import {
  backupWorkerFromSource,
  spawnBackupWorkerFromSource
} from '../../../electron/main/export/backup-worker-from-source'
import { UPLOADS_FOLDER } from '../../../electron/main/export/backup-uploads'
import { watchStore } from '../hardening/store-witness'
import { backupTextOf } from '../store/fixtures/backup-text'
import { profiles, useMains, type TestMain } from './helpers'

/*
 * A backup too large to cross the bridge as one text (over MAX_BACKUP_CHARS: ~12,000 saved people
 * of ordinary size) used to be written but never restorable. The page now sends it in pieces
 * (as BackupState does, with the same reader) and main reads and checks it in a worker thread.
 */

const start = useMains()

/** One shortlist whose people carry `padding` characters each (an undeclared field). */
function bigBackup(people: number, padding: number): string {
  const pad = 'x'.repeat(padding)
  return backupTextOf(
    profiles(people).map((profile) => ({ ...profile, x_attachment: pad })),
    () => ({ notes: 'Ødegård 👩‍💻', tags: ['big'] })
  )
}

/** Chooses `text` in Restore… as the page does: pieces of BACKUP_CHUNK_CHARS into an upload. */
async function upload(main: TestMain, text: string): Promise<{ uploadId: string; pieces: number }> {
  const { uploadId } = await main.ok('startBackupUpload', {})
  let pieces = 0
  const sent = await sendBackupFile(new Blob([text]), 'backup.json', BACKUP_CHUNK_CHARS, async (chunk, last) => {
    pieces += 1
    await main.ok('appendBackupUpload', { uploadId, chunk, last })
    return true
  })
  expect(sent).toEqual({ ok: true })
  return { uploadId, pieces }
}

function countingSpawn(): { spawn: SpawnBackupWorker; count: () => number } {
  let spawned = 0
  return {
    spawn: (data) => {
      spawned += 1
      return spawnBackupWorkerFromSource(data)
    },
    count: () => spawned
  }
}

describe('restoring a backup larger than one bridge request', () => {
  it(
    'restores over 60 million characters sent in pieces and read in a worker thread',
    { timeout: 120_000 },
    async () => {
      const workers = countingSpawn()
      const main = await start({ backupWorker: workers.spawn })
      const text = bigBackup(1_100, 60_000)
      expect(text.length).toBeGreaterThan(MAX_BACKUP_CHARS)

      // The single-text path refuses it by its size, as before.
      const whole = await main.call('previewRestore', { json: text })
      expect(whole.ok || whole.error.code).toBe('invalid_input')

      const { uploadId, pieces } = await upload(main, text)
      expect(pieces).toBeGreaterThan(Math.floor(text.length / BACKUP_CHUNK_CHARS))
      const uploads = path.join(main.dataDir, UPLOADS_FOLDER)
      expect(fs.statSync(path.join(uploads, `${uploadId}.upload`)).size).toBe(Buffer.byteLength(text))

      const preview = await main.ok('previewRestore', { uploadId })
      expect(preview).toMatchObject({ shortlists: 1, members: 1_100, problems: [] })
      const restored = await main.ok('restoreShortlists', { uploadId })
      expect(restored).toMatchObject({ members: 1_100, skipped: [] })
      expect(workers.count()).toBe(2)

      const members = await main.ok('listMembers', { shortlistId: restored.shortlists[0]!.id })
      expect(members).toHaveLength(1_100)
      const one = members.find((member) => member.profileKey === 'p-1-7')!
      expect(one.notes).toBe('Ødegård 👩‍💻')
      const detail = await main.ok('getMember', { memberId: one.id })
      expect((detail.profile.x_attachment as string).length).toBe(60_000)
      // the upload is gone once restored; the folder stays (the app's own)
      expect(fs.readdirSync(uploads)).toEqual([])
      expect((await main.call('restoreShortlists', { uploadId })).ok).toBe(false)
    }
  )

  it(
    'previews and restores a backup larger than the worker’s whole heap: it is read a piece and a person at a time',
    { timeout: 120_000 },
    async () => {
      // 48 MB of heap for a 66 MB file: holding the file as text (let alone its parse) ran out of
      // memory, and took the process with it
      const main = await start({ backupWorker: backupWorkerFromSource({ maxOldGenerationSizeMb: 48 }) })
      const text = bigBackup(1_100, 60_000)
      expect(Buffer.byteLength(text) / 1e6).toBeGreaterThan(60)
      const { uploadId } = await upload(main, text)
      expect(await main.ok('previewRestore', { uploadId })).toMatchObject({ members: 1_100, problems: [] })
      const restored = await main.ok('restoreShortlists', { uploadId })
      expect(restored).toMatchObject({ members: 1_100, skipped: [] })
      const members = await main.ok('listMembers', { shortlistId: restored.shortlists[0]!.id })
      expect(members).toHaveLength(1_100)
    }
  )

  it('brings a damaged backup’s refusal back from the worker, changing nothing', { timeout: 60_000 }, async () => {
    const main = await start({ backupWorker: spawnBackupWorkerFromSource })
    await main.ok('createShortlist', { name: 'Already here' })
    const witness = watchStore(main.dataDir)
    try {
      const before = witness.fingerprint()
      const cut = bigBackup(20, 10)
      const { uploadId } = await upload(main, cut.slice(0, cut.length - 40))
      const preview = await main.call('previewRestore', { uploadId })
      expect(preview.ok).toBe(false)
      if (preview.ok) return
      expect(preview.error.code).toBe('invalid_input')
      expect(preview.error.message).toMatch(/backup/i)
      const restore = await main.call('restoreShortlists', { uploadId })
      expect(restore.ok || restore.error.message).toBe(preview.error.message)
      expect(witness.fingerprint()).toBe(before)

      // one bad person among readable ones: the preview lists them, a partial restore brings the rest
      const mixed = JSON.parse(bigBackup(5, 10)) as { shortlists: Array<{ members: Array<Record<string, unknown>> }> }
      mixed.shortlists[0]!.members[2]!.addedAt = 'yesterday'
      const second = await upload(main, JSON.stringify(mixed))
      const partial = await main.ok('previewRestore', { uploadId: second.uploadId })
      expect(partial).toMatchObject({ members: 4, problems: [expect.objectContaining({ shortlist: 'Everyone' })] })
      expect((await main.call('restoreShortlists', { uploadId: second.uploadId })).ok).toBe(false)
      expect(witness.fingerprint()).toBe(before)
      const done = await main.ok('restoreShortlists', { uploadId: second.uploadId, partial: true })
      expect(done.members).toBe(4)
      expect(done.skipped).toHaveLength(1)
    } finally {
      witness.close()
    }
  })

  it(
    'keeps main’s own writes working while the worker restores (they wait for its transaction)',
    { timeout: 60_000 },
    async () => {
      const main = await start({ backupWorker: spawnBackupWorkerFromSource })
      const { uploadId } = await upload(main, bigBackup(3_000, 2_000))
      const restoring = main.call('restoreShortlists', { uploadId })
      const created: string[] = []
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150))
        created.push((await main.ok('createShortlist', { name: `During ${i}` })).name)
      }
      const restored = await restoring
      expect(restored).toMatchObject({ ok: true, data: { members: 3_000 } })
      const names = (await main.ok('listShortlists', {})).map((list) => list.name)
      expect(names).toEqual(expect.arrayContaining([...created, 'Everyone']))
    }
  )

  it('refuses a preview of an upload whose last piece has not arrived, naming it', async () => {
    const main = await start()
    const { uploadId } = await main.ok('startBackupUpload', {})
    await main.ok('appendBackupUpload', { uploadId, chunk: '{"format":', last: false })
    const early = await main.call('previewRestore', { uploadId })
    expect(early).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [{ path: 'uploadId' }] } })
    expect(await main.ok('discardBackupUpload', { uploadId })).toEqual({ discarded: true })
    expect(await main.call('appendBackupUpload', { uploadId, chunk: 'x', last: true })).toMatchObject({
      ok: false,
      error: { code: 'not_found' }
    })
  })
})
