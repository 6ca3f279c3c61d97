import { refreshHandleOf } from '../../../shared/api'
import { parseJson } from '../../../shared/json'
import type { RefreshOutcome } from '../../../shared/ipc/channels/refresh'
import type { PartnerClient } from '../api/partner-client'
import type { Logger } from '../logging/logger'
import type { Store } from '../store'
import type { RefreshJobRecord } from './refresh-jobs-repo'
import type { Paced } from '../pace/paces'
import { errorMessage } from '../../../shared/error-message'

/** What applying a job's profiles did: the outcome's counts and who was updated, for the events. */
export interface AppliedProfiles {
  changed: RefreshOutcome['changed']
  membersUpdated: number
  rejected: number
  updated: { memberIds: Set<number>; shortlistIds: Set<string>; profileKeys: Set<string> }
}

/**
 * The bookkeeping of a finished refresh job: its refreshed profiles read from the service (the
 * job's dataUrl, else Match Profiles by key) and applied as new snapshots of the saved members,
 * with what changed.
 */
export class RefreshedProfiles {
  constructor(
    private readonly deps: {
      store: () => Store
      /** Each connection's pace, shared by everything that calls it. */
      pace: (connectionId: string) => Paced
      logger: Logger
    }
  ) {}

  /** Applies each profile to every member saved with its key; one the store refuses never sinks the rest. */
  apply(record: RefreshJobRecord, profiles: readonly unknown[]): AppliedProfiles {
    const store = this.deps.store()
    const changed: RefreshOutcome['changed'] = []
    const updated = { memberIds: new Set<number>(), shortlistIds: new Set<string>(), profileKeys: new Set<string>() }
    let membersUpdated = 0
    let rejected = 0
    for (const profile of profiles) {
      try {
        for (const member of store.snapshots.applyRefreshedProfile(profile as Record<string, unknown>)) {
          membersUpdated += 1
          updated.memberIds.add(member.memberId)
          updated.shortlistIds.add(member.shortlistId)
          updated.profileKeys.add(member.profileKey)
          if (member.changes.length > 0) changed.push(withoutKey(member))
        }
      } catch (error) {
        rejected += 1
        this.deps.logger.warn('refreshed profile not applied', {
          jobId: record.jobId,
          error: errorMessage(error)
        })
      }
    }
    return { changed, membersUpdated, rejected, updated }
  }

  /** From the job's dataUrl when it has one on this connection; else Match Profiles by key. */
  async read(
    client: PartnerClient,
    record: RefreshJobRecord
  ): Promise<{ profiles: unknown[]; source: RefreshOutcome['source']; note: string | null }> {
    const processed = record.lastStatus?.processedHandles ?? record.start?.successfulRefreshes ?? []
    if ((record.lastStatus?.totalSuccessful ?? processed.length) === 0)
      return { profiles: [], source: 'none', note: null }
    const throttled = this.deps.pace(client.connectionId)
    const dataUrl = record.lastStatus?.dataUrl ?? record.start?.dataUrl
    let dataProblem: string | null = null
    if (typeof dataUrl === 'string' && dataUrl !== '') {
      try {
        const { records } = await throttled(() => client.getJobData(dataUrl, undefined, record.jobId))
        return { profiles: records.map((r) => r.value), source: 'dataUrl', note: null }
      } catch (error) {
        dataProblem = errorMessage(error)
      }
    }
    // Match Profiles by key for the saved members whose handles were refreshed.
    const keys = this.keysForHandles(record, processed.map(String))
    const profiles: unknown[] = []
    let failures = 0
    for (const key of keys) {
      try {
        const { records } = await throttled(() => client.matchProfiles({ key }, { maxNumberOfResults: 1 }))
        const match = records.find((r) => (r.value as { key?: unknown } | null)?.key === key)
        if (match) profiles.push(match.value)
      } catch {
        failures += 1
      }
    }
    const note = [
      dataProblem === null
        ? null
        : `The job's data could not be read (${dataProblem}); members were read by key instead.`,
      failures > 0
        ? `${failures} member${failures === 1 ? '' : 's'} could not be read and keep their earlier data.`
        : null
    ]
      .filter((text): text is string => text !== null)
      .join(' ')
    return { profiles, source: keys.length > 0 ? 'matchProfiles' : 'none', note: note || null }
  }

  /** Saved members' keys for refreshed handles (the shortlist the job was started from). */
  private keysForHandles(record: RefreshJobRecord, handles: string[]): string[] {
    if (record.shortlistId === null || handles.length === 0) return []
    const wanted = new Set(handles.map((handle) => handle.toLowerCase()))
    const keys = new Set<string>()
    try {
      for (const member of this.deps
        .store()
        .memberRecords.records({ shortlistId: record.shortlistId }, { contacts: false })) {
        const handle = handleOfJson(member.profileJson)
        if (handle !== null && wanted.has(handle.toLowerCase())) keys.add(member.profileKey)
      }
    } catch {
      return [] // the shortlist was deleted for good meanwhile
    }
    return [...keys]
  }
}

export function profileOfJson(json: string): Record<string, unknown> | null {
  try {
    const profile = parseJson(json)
    return profile !== null && typeof profile === 'object' && !Array.isArray(profile)
      ? (profile as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

function handleOfJson(json: string): string | null {
  const profile = profileOfJson(json)
  return profile === null ? null : refreshHandleOf(profile)
}

function withoutKey<T extends { profileKey: string }>(member: T): Omit<T, 'profileKey'> {
  const { profileKey: _key, ...rest } = member
  return rest
}
