import type { SavedTarget } from '../../../shared/ipc/channels/export'
import type { Client } from './client'

/**
 * Finishes a save: the desktop app has already written the file where the recruiter chose; the
 * browser host left a download, which the page fetches and hands to the browser via a blob URL.
 * Answers what to tell the recruiter.
 */
export async function deliver(client: Client, target: SavedTarget): Promise<string> {
  if (target.kind === 'file') return `Saved to ${target.path}`
  if (!client.download) throw new Error('This window cannot receive downloads.')
  const blob = await client.download(target.downloadId)
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = target.fileName
    link.hidden = true
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // The click starts the download synchronously; the URL is no longer needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return `Downloaded ${target.fileName}`
}
