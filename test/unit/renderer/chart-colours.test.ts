import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { creditsColourVariable, seriesColourVariables } from '../../../renderer/src/sections/usage/usage-data'

// The Usage chart draws its bars and its credits line in the app's chart colours (styles/app.css):
// each series its own hue, none a grey, none the credits line's, in light and in dark.
const css = readFileSync(new URL('../../../renderer/src/styles/app.css', import.meta.url), 'utf8')

describe('the chart colours', () => {
  const [light = '', dark = ''] = css.split('@media (prefers-color-scheme: dark)')
  it.each([
    ['light', light],
    ['dark', dark]
  ])('%s: six distinct hues, none grey, none the credits line’s', (_scheme, block) => {
    const value = (name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(block)?.[1]?.toLowerCase()
    const bars = seriesColourVariables.map(value)
    expect(bars.every((bar) => bar !== undefined)).toBe(true)
    expect(new Set(bars).size).toBe(bars.length)
    expect(value(creditsColourVariable)).toBeDefined()
    expect(bars).not.toContain(value(creditsColourVariable))
    for (const hex of bars) {
      const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => parseInt(hex!.slice(i, i + 2), 16))
      expect(Math.max(r, g, b) - Math.min(r, g, b), `${hex} is nearly grey`).toBeGreaterThan(40)
    }
  })
})
