/**
 * Restoring a large backup (15,000 saved people of ordinary size, over the 60 million characters
 * one bridge request may carry): the page's pieces go through the router into an upload; the
 * preview and then the restore (read, check, one transaction on a connection of its own) run in
 * a worker thread, as the app runs them, against the same on the main thread, alternated run by
 * run. The main thread is watched as in sandbox-start: the longest gap between ticks of a 1 ms
 * heartbeat.
 * Run alone: npx tsx test/bench/restore.bench.ts [--quick]
 */
import { built } from './lib/build'
import { sendBackupFile } from '../../renderer/src/sections/shortlists/backup-file'
import { BACKUP_CHUNK_CHARS, MAX_BACKUP_CHARS } from '../../shared/ipc/channels/export'
import { backupTextOf } from '../integration/store/fixtures/backup-text'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { done, figure, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { call, startMain } from './lib/main'

const PEOPLE = quick ? 3_000 : 15_000
const RUNS = quick ? 1 : 3

/** Ordinary people (a summary of ~4 KB, as the sandbox's are), one shortlist, format 2. */
function backupText(): string {
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const profile = makeProfile(i, 7)
    return { ...profile, summary: `${String(profile['summary'])} `.repeat(60).slice(0, 4_000) }
  })
  return backupTextOf(people, (i) => ({
    notes: i % 5 === 0 ? 'Called twice; prefers remote.' : '',
    tags: i % 3 === 0 ? ['backend'] : []
  }))
}

/** The main thread's longest block while `work` runs, and how long it took. */
async function watchMainThread<T>(work: () => Promise<T>): Promise<{ gapMs: number; ms: number; value: T }> {
  const beat = heartbeat()
  const t0 = performance.now()
  const value = await work()
  const ms = performance.now() - t0
  // let the tick that was due during any block fire before reading
  await new Promise((resolve) => setTimeout(resolve, 20))
  return { gapMs: beat.stop(), ms, value }
}

const text = backupText()
if (text.length <= MAX_BACKUP_CHARS && !quick) throw new Error('the backup should pass one request’s limit')
progress(`backup of ${PEOPLE.toLocaleString('en')} people: ${(text.length / 1e6).toFixed(1)} M characters`)
const file = new Blob([text])

async function run(inWorker: boolean) {
  const app = await startMain(inWorker ? { backupWorker: built().workers.backup } : {})
  const main = app.main
  try {
    const upload = await watchMainThread(async () => {
      const { uploadId } = await call(main, 'startBackupUpload', {})
      await sendBackupFile(file, 'backup.json', BACKUP_CHUNK_CHARS, async (chunk, last) => {
        await call(main, 'appendBackupUpload', { uploadId, chunk, last })
        return true
      })
      return uploadId
    })
    const uploadId = upload.value
    const preview = await watchMainThread(() => call(main, 'previewRestore', { uploadId }))
    if (preview.value.members !== PEOPLE) throw new Error(`previewed ${preview.value.members}`)
    const restore = await watchMainThread(() => call(main, 'restoreShortlists', { uploadId }))
    if (restore.value.members !== PEOPLE) throw new Error(`restored ${restore.value.members}`)
    return { upload, preview, restore }
  } finally {
    await app.close()
  }
}

const worker: Array<Awaited<ReturnType<typeof run>>> = []
const here: typeof worker = []
for (let i = 0; i < RUNS; i++) {
  if (i % 2 === 0) {
    worker.push(await run(true))
    here.push(await run(false))
  } else {
    here.push(await run(false))
    worker.push(await run(true))
  }
  const w = worker.at(-1)!
  progress(
    `run ${i + 1}: preview gap worker ${w.preview.gapMs.toFixed(0)} ms vs here ${here.at(-1)!.preview.gapMs.toFixed(0)} ms; restore ${w.restore.ms.toFixed(0)} ms (gap ${w.restore.gapMs.toFixed(0)})`
  )
}

const size = `${PEOPLE.toLocaleString('en')} people, ${(text.length / 1e6).toFixed(0)} M chars`
report(
  figure({
    id: 'restore.upload.ms',
    label: `restore: sending the backup in pieces through the router (${size})`,
    unit: 'ms',
    values: worker.map((r) => r.upload.ms)
  }),
  figure({
    id: 'restore.upload.longest-block',
    label: 'main thread’s longest block meanwhile (here it also decodes the file, the page’s part)',
    unit: 'ms',
    values: worker.map((r) => r.upload.gapMs)
  }),
  figure({
    id: 'restore.preview.worker.longest-block',
    label: 'preview (read + check every record) in a worker: main thread’s longest block',
    unit: 'ms',
    values: worker.map((r) => r.preview.gapMs),
    ratio: {
      against: 'the same preview on the main thread',
      values: worker.map((r, i) => r.preview.gapMs / here[i]!.preview.gapMs)
    },
    aim: { op: '<', value: 50 }
  }),
  figure({
    id: 'restore.preview.worker.ms',
    label: 'preview in a worker: time to the answer (worker start included)',
    unit: 'ms',
    values: worker.map((r) => r.preview.ms),
    ratio: { against: 'on the main thread', values: worker.map((r, i) => r.preview.ms / here[i]!.preview.ms) }
  }),
  figure({
    id: 'restore.restore.worker.longest-block',
    label: 'restore (read, check, one transaction) in a worker: main thread’s longest block',
    unit: 'ms',
    values: worker.map((r) => r.restore.gapMs),
    ratio: {
      against: 'the same restore on the main thread',
      values: worker.map((r, i) => r.restore.gapMs / here[i]!.restore.gapMs)
    },
    aim: { op: '<', value: 50 }
  }),
  figure({
    id: 'restore.restore.worker.ms',
    label: 'restore in a worker: time to the answer',
    unit: 'ms',
    values: worker.map((r) => r.restore.ms),
    ratio: { against: 'on the main thread', values: worker.map((r, i) => r.restore.ms / here[i]!.restore.ms) }
  })
)
done('Restore a large backup')
