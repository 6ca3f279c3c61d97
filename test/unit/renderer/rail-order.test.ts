import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sections } from '../../../renderer/src/lib/sections'

// Issue 29, item 9: the rail listed Settings (8) after Import (9) and Activity (0), so its digits
// read 1 2 3 4 5 6 7 9 0 8 down the rail, and the guide said digits 1–8. The rail's order is its
// digits' order (1–9, then 0), and the README and the guide name the sections in that order.
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')

/** The section labels in a text, in the order they first appear after `from`. */
function orderIn(text: string): string[] {
  const at = (label: string) => text.search(new RegExp(`\\*\\*${label}\\*\\*`))
  return sections
    .map((section) => ({ label: section.label, at: at(section.label) }))
    .filter((found) => found.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((found) => found.label)
}

describe('the rail’s order', () => {
  it('follows its digits: 1 to 9, then 0', () => {
    expect(sections.map((section) => section.shortcut).join('')).toBe('1234567890')
  })

  it('is the order the README and the guide name the sections in', () => {
    const labels = sections.map((section) => section.label)
    expect(orderIn(read('README.md'))).toEqual(labels)
    expect(orderIn(read('docs/user-guide.md'))).toEqual(labels)
  })
})
