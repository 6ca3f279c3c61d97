import { describe, expect, it } from 'vitest'
import { applyCursorMove, cursorMove } from './list-cursor'

describe('list cursor keys', () => {
  it('maps j/k, arrows, pages and ends to moves, and ignores other keys', () => {
    expect(cursorMove('j', 20)).toEqual({ by: 1 })
    expect(cursorMove('ArrowDown', 20)).toEqual({ by: 1 })
    expect(cursorMove('k', 20)).toEqual({ by: -1 })
    expect(cursorMove('ArrowUp', 20)).toEqual({ by: -1 })
    expect(cursorMove('PageDown', 20)).toEqual({ by: 20 })
    expect(cursorMove('PageUp', 20)).toEqual({ by: -20 })
    expect(cursorMove('Home', 20)).toEqual({ to: 'first' })
    expect(cursorMove('End', 20)).toEqual({ to: 'last' })
    for (const key of ['Enter', 'J', 'x', ' ', 'Tab']) expect(cursorMove(key, 20)).toBeNull()
  })

  it('clamps to the list without wrapping, over 10,000 rows', () => {
    expect(applyCursorMove(0, { by: -1 }, 10_000)).toBe(0)
    expect(applyCursorMove(9_999, { by: 1 }, 10_000)).toBe(9_999)
    expect(applyCursorMove(5, { by: 20 }, 10_000)).toBe(25)
    expect(applyCursorMove(9_990, { by: 20 }, 10_000)).toBe(9_999)
    expect(applyCursorMove(4_000, { to: 'first' }, 10_000)).toBe(0)
    expect(applyCursorMove(4_000, { to: 'last' }, 10_000)).toBe(9_999)
    expect(applyCursorMove(3, { by: 1 }, 0)).toBe(0)
  })
})
