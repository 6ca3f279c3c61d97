import type { RefreshJobSummary } from '../../../shared/ipc/channels/refresh'
import type { RefreshJobRecord } from './refresh-jobs-repo'

/**
 * A job as the page shows it: the latest of its start answer and status, its connection's name,
 * and, while it is followed, why the last check failed (`problem`) before the stored message.
 */
export function jobSummary(
  record: RefreshJobRecord,
  connectionName: string,
  problem: string | undefined
): RefreshJobSummary {
  const latest = { ...(record.start ?? {}), ...(record.lastStatus ?? {}) }
  const total = latest.totalRequested ?? record.requestedHandles.length
  const processed = latest.totalProcessed ?? 0
  const following = record.tracking === 'starting' || record.tracking === 'following'
  return {
    jobId: record.jobId,
    connectionId: record.connectionId,
    connectionName,
    label: record.label || `${record.requestedHandles.length} handles`,
    shortlistId: record.shortlistId,
    watchId: record.watchId,
    status: record.status,
    tracking: record.tracking,
    totalRequested: total,
    totalProcessed: processed,
    totalSuccessful: latest.totalSuccessful ?? 0,
    totalFailed: latest.totalFailed ?? 0,
    progressPercentage: latest.progressPercentage ?? (total > 0 ? Math.round((processed / total) * 100) : 0),
    startTime: latest.startTime ?? null,
    endTime: latest.endTime ?? null,
    duration: latest.duration ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    finishedAt: record.finishedAt,
    message: (following ? problem : undefined) ?? record.message,
    outcome: record.outcome
  }
}
