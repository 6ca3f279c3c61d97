// first: the rest of this worker loads below main's priority
import '../platform/below-main'
import { parentPort, workerData } from 'node:worker_threads'
import { errorMessage } from '../../../shared/error-message'
import { UnreadableSheet } from '../sheets/sheet-reader'
import { openExtraConnection } from '../store/database'
import { AtsPages } from './ats-pages'
import type { AtsPagesAnswer, AtsPagesAsk, KnownPeopleWorkerData, KnownPeopleWorkerMessage } from './list-jobs'
import { previewList, readIntoList } from './list-reading'
import { sweepList } from './list-writer'

// One job per worker: preview a list's file, or read all of it into a list through a connection
// of its own (hashing 100,000 rows here, not on main's thread); then answer and exit. An ATS pull's
// pages: each page's bytes as main hands them over (transferred), decoded, read and written here,
// until main says finish or abandon.
const data = workerData as KnownPeopleWorkerData
const post = (message: KnownPeopleWorkerMessage) => parentPort?.postMessage(message)

async function job(): Promise<KnownPeopleWorkerMessage | null> {
  if (data.job === 'preview') {
    return { type: 'done', preview: await previewList(data.file, data.fileName), read: null }
  }
  if (data.job === 'atsPages') return atsPages(data.target)
  const db = openExtraConnection(data)
  try {
    const read = await readIntoList(db, data)
    // answered first: the list replaced is hidden already, its rows are deleted after
    post({ type: 'done', preview: null, read })
    if (read.replaced !== null) sweepList(db, read.replaced)
    return null
  } finally {
    db.close()
  }
}

/** The pull's pages, one message at a time; answered, then (at finish) the list replaced is deleted. */
function atsPages(target: Extract<KnownPeopleWorkerData, { job: 'atsPages' }>['target']): Promise<null> {
  const db = openExtraConnection(data)
  const answer = (message: AtsPagesAnswer) => parentPort?.postMessage(message)
  return new Promise((resolve) => {
    let pages: AtsPages | null = null
    const end = () => {
      parentPort?.off('message', take)
      db.close()
      resolve(null)
    }
    const take = (ask: AtsPagesAsk) => {
      try {
        if (ask.type === 'abandon') {
          pages?.abandon()
          answer({ type: 'done', written: null })
          return end()
        }
        // made at the first ask, inside the try: a list that cannot be made is its answer
        pages ??= new AtsPages(db, target)
        if (ask.type === 'ready') return answer({ type: 'done', written: null })
        if (ask.type === 'page') return answer({ type: 'done', written: pages.page(ask.page) })
        const replaced = pages.finish()
        // answered first: the list replaced is hidden already, its rows are deleted after
        answer({ type: 'done', written: null })
        if (replaced !== null) sweepList(db, replaced)
        end()
      } catch (error) {
        answer({ type: 'failed', message: errorMessage(error) })
        // a finish or abandon that failed still ends the job (the hidden list is the service's sweep's then)
        if (ask.type === 'finish' || ask.type === 'abandon') end()
      }
    }
    parentPort?.on('message', take)
  })
}

job().then(
  (message) => {
    if (message !== null) post(message)
  },
  (error: unknown) =>
    post({ type: 'failed', message: errorMessage(error), unreadable: error instanceof UnreadableSheet })
)
