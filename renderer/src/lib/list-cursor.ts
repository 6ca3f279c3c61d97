/** Keys that move a cursor in a list, as a delta or an absolute target; null for other keys. */
export type CursorMove = { by: number } | { to: 'first' | 'last' }

export function cursorMove(key: string, pageSize: number): CursorMove | null {
  switch (key) {
    case 'ArrowDown':
    case 'j':
      return { by: 1 }
    case 'ArrowUp':
    case 'k':
      return { by: -1 }
    case 'PageDown':
      return { by: pageSize }
    case 'PageUp':
      return { by: -pageSize }
    case 'Home':
      return { to: 'first' }
    case 'End':
      return { to: 'last' }
    default:
      return null
  }
}

/** Applies a move to a cursor over `count` rows, clamped to the list (no wrapping in long lists). */
export function applyCursorMove(cursor: number, move: CursorMove, count: number): number {
  if (count <= 0) return 0
  const target = 'to' in move ? (move.to === 'first' ? 0 : count - 1) : cursor + move.by
  return Math.min(Math.max(target, 0), count - 1)
}
