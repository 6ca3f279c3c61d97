/// <reference lib="webworker" />
import { backupPieces } from './backup-pieces'

/*
 * The page's backup reader: reads and decodes the chosen file off the page's main thread, one
 * piece per 'next' from the page (so one piece at a time is in memory), and says when the file
 * ends, is refused or cannot be read.
 */
declare const self: DedicatedWorkerGlobalScope

type Start = { file: Blob; fileName: string; pieceChars: number }

let pieces: AsyncGenerator<unknown> | null = null

self.onmessage = async (event: MessageEvent<Start | 'next' | 'stop'>) => {
  const message = event.data
  try {
    if (message === 'stop') {
      await pieces?.return(undefined)
      return
    }
    if (message !== 'next') pieces = backupPieces(message.file, message.fileName, message.pieceChars)
    const next = await pieces?.next()
    self.postMessage(next === undefined || next.done === true ? { done: true } : next.value)
  } catch {
    self.postMessage({ unreadable: true })
  }
}
