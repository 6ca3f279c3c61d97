/**
 * Inverted index pieces: a posting list is the sorted ids of the profiles holding a term.
 * Lists are built as plain arrays, then frozen into Uint32Arrays (4 bytes an entry).
 */

export type PostingList = Uint32Array

export const EMPTY: PostingList = new Uint32Array(0)

export class PostingsBuilder {
  readonly #lists = new Map<string, number[]>()

  /** Adds `id` under `term`; ids must be added in increasing order (duplicates are ignored). */
  add(term: string, id: number): void {
    if (!term) return
    let list = this.#lists.get(term)
    if (list === undefined) {
      list = []
      this.#lists.set(term, list)
    }
    if (list[list.length - 1] !== id) list.push(id)
  }

  /** The growing list of `term` (created empty), for callers that cache it per field value. */
  listFor(term: string): number[] {
    let list = this.#lists.get(term)
    if (list === undefined) {
      list = []
      this.#lists.set(term, list)
    }
    return list
  }

  build(): Postings {
    const frozen = new Map<string, PostingList>()
    for (const [term, list] of this.#lists) frozen.set(term, Uint32Array.from(list))
    this.#lists.clear()
    return new Postings(frozen)
  }
}

/**
 * Indexes field values into a builder: each distinct value is tokenized once and its posting
 * lists looked up once; later occurrences of the value append ids to the cached lists.
 */
export class FieldIndexer {
  readonly #cache = new Map<string, number[][]>()

  constructor(
    readonly builder: PostingsBuilder,
    private readonly tokenize: (value: string) => readonly string[]
  ) {}

  add(value: string | null | undefined, id: number): void {
    if (!value) return
    let lists = this.#cache.get(value)
    if (lists === undefined) {
      lists = [...new Set(this.tokenize(value))].filter(Boolean).map((t) => this.builder.listFor(t))
      if (this.#cache.size < 100_000) this.#cache.set(value, lists)
    }
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i] as number[]
      if (list[list.length - 1] !== id) list.push(id)
    }
  }

  addAll(values: readonly string[] | null | undefined, id: number): void {
    if (!values) return
    for (let i = 0; i < values.length; i++) this.add(values[i], id)
  }
}

export class Postings {
  constructor(readonly lists: ReadonlyMap<string, PostingList>) {}

  get(term: string): PostingList {
    return this.lists.get(term) ?? EMPTY
  }

  /** Ids holding every term (AND); empty when `terms` is empty. */
  all(terms: readonly string[]): PostingList {
    if (terms.length === 0) return EMPTY
    return intersectAll(terms.map((t) => this.get(t)))
  }

  terms(): IterableIterator<string> {
    return this.lists.keys()
  }
}

/** True when sorted `list` contains `id` (binary search). */
export function contains(list: PostingList, id: number): boolean {
  let lo = 0
  let hi = list.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const v = list[mid] as number
    if (v === id) return true
    if (v < id) lo = mid + 1
    else hi = mid - 1
  }
  return false
}

/** Intersection of sorted lists, smallest first; each step gallops through the larger list. */
export function intersectAll(lists: readonly PostingList[]): PostingList {
  if (lists.length === 0) return EMPTY
  const sorted = [...lists].sort((a, b) => a.length - b.length)
  let acc = sorted[0] as PostingList
  for (let i = 1; i < sorted.length && acc.length > 0; i++) acc = intersect(acc, sorted[i] as PostingList)
  return acc
}

function intersect(small: PostingList, large: PostingList): PostingList {
  const out = new Uint32Array(small.length)
  let n = 0
  let j = 0
  for (let i = 0; i < small.length; i++) {
    const v = small[i] as number
    // gallop: exponential then binary search for v in large[j..]
    let step = 1
    let hi = j
    while (hi < large.length && (large[hi] as number) < v) {
      j = hi
      hi += step
      step <<= 1
    }
    let lo = j
    hi = Math.min(hi, large.length - 1)
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((large[mid] as number) < v) lo = mid + 1
      else hi = mid
    }
    j = lo
    if (j < large.length && large[j] === v) out[n++] = v
    if (j >= large.length) break
  }
  return out.subarray(0, n)
}

/** Union of sorted lists (k-way merge via pairwise merging). */
export function unionAll(lists: readonly PostingList[]): PostingList {
  let acc: PostingList = EMPTY
  for (const l of lists) acc = union(acc, l)
  return acc
}

function union(a: PostingList, b: PostingList): PostingList {
  if (a.length === 0) return b
  if (b.length === 0) return a
  const out = new Uint32Array(a.length + b.length)
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x === y) {
      out[n++] = x
      i++
      j++
    } else if (x < y) {
      out[n++] = x
      i++
    } else {
      out[n++] = y
      j++
    }
  }
  while (i < a.length) out[n++] = a[i++] as number
  while (j < b.length) out[n++] = b[j++] as number
  return out.subarray(0, n)
}

/** Ids of `list` not in `removed`. */
export function difference(list: PostingList, removed: PostingList): PostingList {
  if (removed.length === 0) return list
  const out = new Uint32Array(list.length)
  let n = 0
  let j = 0
  for (let i = 0; i < list.length; i++) {
    const v = list[i] as number
    while (j < removed.length && (removed[j] as number) < v) j++
    if (j < removed.length && removed[j] === v) continue
    out[n++] = v
  }
  return out.subarray(0, n)
}
