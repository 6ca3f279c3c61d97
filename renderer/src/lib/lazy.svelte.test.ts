import { describe, expect, it } from 'vitest'
import { Lazy, once } from './lazy.svelte'

describe('Lazy', () => {
  it('makes its value once, when first asked, however many ask at the same time', async () => {
    let made = 0
    const lazy = new Lazy(async () => ({ n: ++made }))
    expect(made).toBe(0)
    expect(lazy.current).toBeNull()
    const [a, b] = await Promise.all([lazy.get(), lazy.get()])
    expect(a).toBe(b)
    expect(await lazy.get()).toBe(a)
    expect(lazy.current).toBe(a)
    expect(made).toBe(1)
  })

  it('tries again after a failed make (a chunk that did not load)', async () => {
    let tries = 0
    const lazy = new Lazy(async () => {
      if (++tries === 1) throw new Error('chunk did not load')
      return 'made'
    })
    await expect(lazy.get()).rejects.toThrow('chunk did not load')
    expect(lazy.current).toBeNull()
    expect(await lazy.get()).toBe('made')
    expect(tries).toBe(2)
  })
})

describe('once', () => {
  it('keeps the answer, and loads again only after a failure', async () => {
    let loads = 0
    const load = once(async () => {
      if (++loads === 1) throw new Error('no')
      return loads
    })
    await expect(load()).rejects.toThrow('no')
    expect(await load()).toBe(2)
    expect(await load()).toBe(2)
    expect(loads).toBe(2)
  })
})
