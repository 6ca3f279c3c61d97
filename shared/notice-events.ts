import type { EventName, EventPayload } from './ipc/contract'

/**
 * Whether a push event is a refresh job of the recruiter's own that just ended: the cue for its
 * desktop notification (a watch's job tells its news through Activity's one notice). The browser
 * host's page shows it (in Electron, main does); the host holds these while no tab listens, for
 * the next tab that opens (Activity catches up on its own, from the newest entry it told of).
 */
export function endsOwnRefreshJob(name: EventName, payload: unknown): boolean {
  if (name !== 'refreshJobChanged') return false
  const { finishedNow, job } = payload as EventPayload<'refreshJobChanged'>
  return finishedNow && job.watchId === null
}
