/** What section builders know about the person being generated. */
import type { Career } from './career'
import type { Month } from './dates'
import type { ArrayInterner } from './intern'
import type { Random } from './random'

export interface Person {
  rng: Random
  index: number
  key: string
  first: string
  last: string
  full: string
  career: Career
  /** Reference "now" of the data set; every generated date is before it. */
  now: Month
  /** Shares equal string arrays across profiles (frozen). */
  shared: ArrayInterner
  /** Allocates a handle nobody else holds (the same person may reuse one across sites). */
  claimHandle: (wanted: string) => string
}
