import { describe, expect, it } from 'vitest'
import { listKey, onListKey } from './list-keys'

const key = (k: string, mods: Partial<Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey'>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods
})
const at = (cursor: number, count = 10_000, more = {}) => ({ cursor, count, pageSize: 20, ...more })

describe('list keys', () => {
  it('moves by one, a page and to the ends, clamped without wrapping, over 10,000 rows', () => {
    expect(listKey(key('j'), at(5))).toEqual({ kind: 'move', index: 6 })
    expect(listKey(key('ArrowDown'), at(5))).toEqual({ kind: 'move', index: 6 })
    expect(listKey(key('k'), at(5))).toEqual({ kind: 'move', index: 4 })
    expect(listKey(key('ArrowUp'), at(0))).toEqual({ kind: 'move', index: 0 })
    expect(listKey(key('ArrowDown'), at(9_999))).toEqual({ kind: 'move', index: 9_999 })
    expect(listKey(key('PageDown'), at(5))).toEqual({ kind: 'move', index: 25 })
    expect(listKey(key('PageDown'), at(9_990))).toEqual({ kind: 'move', index: 9_999 })
    expect(listKey(key('PageUp'), at(5))).toEqual({ kind: 'move', index: 0 })
    expect(listKey(key('Home'), at(4_000))).toEqual({ kind: 'move', index: 0 })
    expect(listKey(key('End'), at(4_000))).toEqual({ kind: 'move', index: 9_999 })
  })

  it('starts from the first row when no row has the cursor yet', () => {
    expect(listKey(key('ArrowDown'), at(-1, 3))).toEqual({ kind: 'move', index: 0 })
    expect(listKey(key('ArrowUp'), at(-1, 3))).toEqual({ kind: 'move', index: 0 })
    expect(listKey(key('Enter'), at(-1, 3))).toBeNull()
  })

  it('opens with Enter, ticks with Space where there are ticks (else opens), deletes and renames only where allowed', () => {
    expect(listKey(key('Enter'), at(2))).toEqual({ kind: 'open' })
    expect(listKey(key(' '), at(2, 10, { canToggle: true }))).toEqual({ kind: 'toggle' })
    expect(listKey(key(' '), at(2))).toEqual({ kind: 'open' })
    expect(listKey(key(' '), at(2, 10, { canOpen: false }))).toBeNull()
    expect(listKey(key('Delete'), at(2))).toBeNull()
    expect(listKey(key('Delete'), at(2, 10, { canDelete: true }))).toEqual({ kind: 'delete' })
    expect(listKey(key('F2'), at(2, 10, { canRename: true }))).toEqual({ kind: 'rename' })
  })

  it('leaves keys with Ctrl, Alt or Meta to the app, and other keys to the page', () => {
    for (const mods of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }]) {
      for (const k of ['ArrowDown', 'j', 'Home', 'End', 'Enter', ' ', 'Delete']) {
        expect(listKey(key(k, mods), at(2, 10, { canToggle: true, canDelete: true }))).toBeNull()
      }
    }
    for (const k of ['J', 'x', 'Tab', 'Escape', '/']) expect(listKey(key(k), at(2))).toBeNull()
    expect(listKey(key('ArrowDown'), at(0, 0))).toBeNull()
  })

  it('handles the key and keeps it from the page only when it is the list’s', () => {
    const calls: string[] = []
    let prevented = 0
    const event = (k: string, mods = {}) =>
      ({
        ...key(k, mods),
        preventDefault: () => (prevented += 1),
        stopPropagation: () => {}
      }) as unknown as KeyboardEvent
    const on = { move: (i: number) => calls.push(`move ${i}`), open: () => calls.push('open') }
    expect(onListKey(event('End'), { cursor: 0, count: 3 }, on)).toBe(true)
    expect(onListKey(event('Enter'), { cursor: 2, count: 3 }, on)).toBe(true)
    expect(onListKey(event('Delete'), { cursor: 2, count: 3 }, on)).toBe(false)
    expect(onListKey(event('ArrowDown', { ctrlKey: true }), { cursor: 2, count: 3 }, on)).toBe(false)
    expect(calls).toEqual(['move 2', 'open'])
    expect(prevented).toBe(2)
  })
})
