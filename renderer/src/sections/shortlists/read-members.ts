import type { MemberSummary } from '../../../../shared/ipc/channels/shortlists'
import type { IpcResult } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'

/** People per answer when a shortlist is read: about a megabyte, a short task for the page to take in. */
export const MEMBERS_PAGE = 2_000

/**
 * Every live person of a shortlist, read a page at a time: one answer for 15,000 people is
 * megabytes the page would take in (and parse) in one long task. Null when `superseded` says a
 * newer read began meanwhile.
 */
export async function readMembers(
  client: Client,
  shortlistId: string,
  superseded: () => boolean
): Promise<IpcResult<MemberSummary[]> | null> {
  const people: MemberSummary[] = []
  for (;;) {
    const last = people.at(-1)
    const reply = await client.listMembers({
      shortlistId,
      limit: MEMBERS_PAGE,
      ...(last === undefined ? {} : { after: { addedAt: last.addedAt, id: last.id } })
    })
    if (superseded()) return null
    if (!reply.ok) return reply
    people.push(...reply.data)
    if (reply.data.length < MEMBERS_PAGE) return { ok: true, data: people }
  }
}
