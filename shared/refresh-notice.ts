import type { RefreshJobSummary } from './ipc/channels/refresh'

/** The desktop notification for a job that ended: the same words in Electron and in the browser. */
export function refreshNotice(job: RefreshJobSummary): { title: string; body: string } {
  const failed = job.totalFailed > 0 ? `, ${job.totalFailed} failed` : ''
  const changed = job.outcome?.changed.length ?? 0
  const changes = changed > 0 ? ` ${changed} saved ${changed === 1 ? 'person has' : 'people have'} changed.` : ''
  const title =
    job.status === 'Completed'
      ? 'Refresh finished'
      : job.status === 'Cancelled'
        ? 'Refresh cancelled'
        : 'Refresh failed'
  return { title, body: `${job.label}: ${job.totalSuccessful} refreshed${failed}.${changes}` }
}
