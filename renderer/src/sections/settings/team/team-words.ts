import type { TeamSync } from '../../../../../shared/ipc/channels/team'
import { formatCount } from '../../../lib/format'

/** "2 s ago", "5 min ago", "3 h ago", "4 days ago" from two instants (ms); "just now" under a second. */
export function agoText(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000))
  if (seconds < 1) return 'just now'
  if (seconds < 60) return `${seconds} s ago`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.round(hours / 24)} days ago`
}

const changes = (count: number) => formatCount(count, 'change', 'changes')

/**
 * The sync in the recruiter's words: "synced 2 s ago", "offline — 3 changes waiting",
 * "sending 2 changes…"; `now` moves the "ago" on.
 */
export function syncText(sync: TeamSync, now: number): string {
  if (!sync.online) return sync.waiting > 0 ? `offline — ${changes(sync.waiting)} waiting` : 'offline — nothing waiting'
  if (sync.waiting > 0) return `${changes(sync.waiting)} waiting to be sent`
  if (sync.lastSyncedAt === null) return 'not synced yet'
  return `synced ${agoText(Date.parse(sync.lastSyncedAt), now)}`
}
