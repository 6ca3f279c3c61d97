import type { WatchSettings } from '../../../shared/ipc/channels/watches'

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS

/** When a watch that ran at `ranAt` runs next: one interval later (a missed week is one run, not seven). */
export function nextRunAfter(ranAt: number, everyHours: number): number {
  return ranAt + everyHours * HOUR_MS
}

/** Whether a watch is due at `now`. */
export function isDue(watch: { nextRunAt: string; paused: boolean }, now: number): boolean {
  return !watch.paused && Date.parse(watch.nextRunAt) <= now
}

/** The start of the local day `now` falls in (the budget's day). */
export function localDayStart(now: number): number {
  const day = new Date(now)
  day.setHours(0, 0, 0, 0)
  return day.getTime()
}

/**
 * A watched shortlist's stale handles cut into refresh jobs within what is left of today's
 * budget: at most `jobsLeft` jobs of at most `peoplePerJob` people. The rest wait for a later run.
 */
export function chunkIntoJobs(
  handles: readonly string[],
  budget: { jobsLeft: number; peoplePerJob: number }
): { jobs: string[][]; waiting: number } {
  const jobs: string[][] = []
  let at = 0
  while (at < handles.length && jobs.length < budget.jobsLeft) {
    jobs.push(handles.slice(at, at + budget.peoplePerJob))
    at += budget.peoplePerJob
  }
  return { jobs, waiting: handles.length - Math.min(at, handles.length) }
}

/**
 * What the watch of a shortlist of `members` people spends in a steady week: every member is
 * refreshed once per `maxAgeDays`, in jobs of `peoplePerJob`; and the days it takes to get
 * through them when `jobsPerDay` caps each day.
 */
export function steadyWeek(
  members: number,
  settings: Pick<WatchSettings, 'jobsPerDay' | 'peoplePerJob'>,
  maxAgeDays: number
): { peoplePerWeek: number; jobsPerWeek: number; daysToCover: number; fitsBudget: boolean } {
  const peoplePerWeek = Math.ceil((members * 7) / maxAgeDays)
  const jobsPerCover = Math.ceil(members / settings.peoplePerJob)
  const jobsPerWeek = Math.ceil((jobsPerCover * 7) / maxAgeDays)
  const daysToCover = Math.ceil(jobsPerCover / settings.jobsPerDay)
  return { peoplePerWeek, jobsPerWeek, daysToCover, fitsBudget: jobsPerWeek <= settings.jobsPerDay * 7 }
}
