import type { IpcError, IpcResult } from '../../../shared/ipc/errors'

/** What a screen shows for something it asked main for: nothing yet, waiting, the answer, or why not. */
export type Load<T> =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: IpcError }

/** A reply as a Load: its data (or a part of it, through `pick`) when it came, its error otherwise. */
export function loaded<T>(reply: IpcResult<T>): Load<T>
export function loaded<T, V>(reply: IpcResult<T>, pick: (data: T) => V): Load<V>
export function loaded<T, V>(reply: IpcResult<T>, pick?: (data: T) => V): Load<T | V> {
  if (!reply.ok) return { state: 'error', error: reply.error }
  return { state: 'ready', value: pick ? pick(reply.data) : reply.data }
}
