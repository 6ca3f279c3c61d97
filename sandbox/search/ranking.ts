import { contains, type PostingList, type Postings } from './postings'

/** Ranking helpers of the profile index: the best k of many ids, and how well a field matches. */

/** A past title or company counts this much of a current one. */
const PAST_FACTOR = 0.6

/**
 * The best `k` ids by `score` (higher first, ties by lower id), in order. A bounded min-heap:
 * O(n log k) instead of sorting every match when only a page is wanted.
 */
export function topK(ids: PostingList, k: number, score: (id: number) => number): number[] {
  if (k <= 0) return []
  const heapIds: number[] = []
  const heapScores: number[] = []
  // "worse" = lower score, or equal score and higher id
  const worse = (i: number, j: number): boolean =>
    (heapScores[i] as number) < (heapScores[j] as number) ||
    ((heapScores[i] as number) === (heapScores[j] as number) && (heapIds[i] as number) > (heapIds[j] as number))
  const swap = (i: number, j: number): void => {
    ;[heapIds[i], heapIds[j]] = [heapIds[j] as number, heapIds[i] as number]
    ;[heapScores[i], heapScores[j]] = [heapScores[j] as number, heapScores[i] as number]
  }
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < heapIds.length && worse(l, m)) m = l
      if (r < heapIds.length && worse(r, m)) m = r
      if (m === i) return
      swap(i, m)
      i = m
    }
  }
  for (let n = 0; n < ids.length; n++) {
    const id = ids[n] as number
    const s = score(id)
    if (heapIds.length < k) {
      heapIds.push(id)
      heapScores.push(s)
      for (let i = heapIds.length - 1; i > 0;) {
        const parent = (i - 1) >> 1
        if (!worse(i, parent)) break
        swap(i, parent)
        i = parent
      }
    } else if (s > (heapScores[0] as number) || (s === heapScores[0] && id < (heapIds[0] as number))) {
      heapIds[0] = id
      heapScores[0] = s
      down(0)
    }
  }
  const order = heapIds.map((id, i) => ({ id, s: heapScores[i] as number }))
  order.sort((a, b) => b.s - a.s || a.id - b.id)
  return order.map((o) => o.id)
}

/** Share of `tokens` found for `id` in the current field, else PAST_FACTOR times the past share. */
export function fieldQuality(
  tokens: readonly string[],
  id: number,
  current: Postings,
  past: Postings | undefined
): number {
  let hit = 0
  for (const t of tokens) if (contains(current.get(t), id)) hit++
  if (hit > 0 || !past) return hit / tokens.length
  let pastHit = 0
  for (const t of tokens) if (contains(past.get(t), id)) pastHit++
  return (PAST_FACTOR * pastHit) / tokens.length
}
