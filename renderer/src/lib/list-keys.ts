/**
 * The one meaning of a key in every list of the app — results, people, shortlists,
 * conversations, tools, transactions, refresh jobs and the section rail: j/k or the arrows move
 * by one, PageUp/PageDown by a page, Home/End to the ends (clamped, never wrapping); Enter opens;
 * Space ticks where the list has ticks, else opens; Delete removes where the list allows it; F2
 * renames where it can. With Ctrl, Alt or Meta held a key is not the list's (it belongs to the
 * app or the browser), and Shift+letters are typing, not moves.
 */
export type ListKey =
  { kind: 'move'; index: number } | { kind: 'open' } | { kind: 'toggle' } | { kind: 'delete' } | { kind: 'rename' }

export interface ListShape {
  /** The row the cursor is on; -1 when none is yet. */
  cursor: number
  count: number
  /** Rows one PageUp/PageDown moves by (the visible rows); 10 when not known. */
  pageSize?: number
  canOpen?: boolean
  canToggle?: boolean
  canDelete?: boolean
  canRename?: boolean
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>

/** What a key does in a list of this shape, or null when the key is not the list's. */
export function listKey(event: KeyPress, list: ListShape): ListKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  const last = list.count - 1
  const page = Math.max(1, list.pageSize ?? 10)
  const from = list.cursor
  const move = (index: number): ListKey | null =>
    list.count === 0 ? null : { kind: 'move', index: Math.min(Math.max(index, 0), last) }
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      return move(from + 1)
    case 'ArrowUp':
    case 'k':
      return move(from < 0 ? 0 : from - 1)
    case 'PageDown':
      return move(from + page)
    case 'PageUp':
      return move(from - page)
    case 'Home':
      return move(0)
    case 'End':
      return move(last)
    case 'Enter':
      return list.canOpen !== false && from >= 0 && from <= last ? { kind: 'open' } : null
    case ' ':
      if (from < 0 || from > last) return null
      if (list.canToggle === true) return { kind: 'toggle' }
      return list.canOpen !== false ? { kind: 'open' } : null
    case 'Delete':
      return list.canDelete === true && from >= 0 && from <= last ? { kind: 'delete' } : null
    case 'F2':
      return list.canRename === true && from >= 0 && from <= last ? { kind: 'rename' } : null
    default:
      return null
  }
}

export interface ListKeyHandlers {
  move(index: number): void
  open?(): void
  toggle?(): void
  delete?(): void
  rename?(): void
}

/**
 * Handles a keydown on a list: does what the key means there (listKey) and keeps the key from
 * the page's own shortcuts. Answers whether the key was the list's.
 */
export function onListKey(
  event: KeyboardEvent,
  list: Omit<ListShape, 'canOpen' | 'canToggle' | 'canDelete' | 'canRename'>,
  on: ListKeyHandlers
): boolean {
  const action = listKey(event, {
    ...list,
    canOpen: on.open !== undefined,
    canToggle: on.toggle !== undefined,
    canDelete: on.delete !== undefined,
    canRename: on.rename !== undefined
  })
  if (action === null) return false
  event.preventDefault()
  event.stopPropagation()
  if (action.kind === 'move') on.move(action.index)
  else on[action.kind]?.()
  return true
}

/** Focuses the row at `index` of a table's body whose rows take the focus in turn (a roving cursor). */
export function focusTableRow(body: HTMLElement | undefined, index: number): void {
  body?.querySelectorAll<HTMLTableRowElement>('tr')[index]?.focus()
}
