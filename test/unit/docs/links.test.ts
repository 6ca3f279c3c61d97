import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every relative link in the project's Markdown pages points to a file that exists, and every
// `#anchor` to a heading that page has (GitHub's slugs): the README is short because it links,
// so its links must hold.

const root = resolve(import.meta.dirname, '../../..')
const pages = [
  'README.md',
  'bench/README.md',
  'sandbox/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
].filter((page) => existsSync(join(root, page)))

/** The text outside fenced code blocks and inline code. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats numbered. */
export function slugs(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    out.add(count === 0 ? base : `${base}-${count}`)
  }
  return out
}

/** Relative links of a page: [text](target) and ![alt](target), with their line. */
export function links(markdown: string): Array<{ target: string; line: number }> {
  const found: Array<{ target: string; line: number }> = []
  prose(markdown)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1]!
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue // https:, mailto:, …
        found.push({ target, line: index + 1 })
      }
    })
  return found
}

function problems(page: string): string[] {
  const file = join(root, page)
  const text = readFileSync(file, 'utf8')
  const out: string[] = []
  for (const { target, line } of links(text)) {
    const [path = '', anchor] = target.split('#')
    const targetFile = path === '' ? file : resolve(dirname(file), decodeURIComponent(path))
    const where = `${page}:${line} → ${target}`
    if (!existsSync(targetFile)) {
      out.push(`${where}: no such file (${relative(root, targetFile)})`)
      continue
    }
    if (anchor === undefined || anchor === '' || statSync(targetFile).isDirectory()) continue
    if (!targetFile.endsWith('.md')) continue
    if (!slugs(readFileSync(targetFile, 'utf8')).has(anchor)) out.push(`${where}: no heading with that anchor`)
  }
  return out
}

describe('links in the Markdown pages', () => {
  it('finds the pages', () => {
    expect(pages).toContain('README.md')
    expect(pages).toContain('docs/user-guide.md')
  })

  it.each(pages)('%s: every relative link and anchor leads somewhere', (page) => {
    expect(problems(page)).toEqual([])
  })

  it('would see a broken file link and a broken anchor', () => {
    expect(links('See [a](docs/none.md) and [b](#nowhere), not `[c](x.md)` or [d](https://e.test).')).toEqual([
      { target: 'docs/none.md', line: 1 },
      { target: '#nowhere', line: 1 }
    ])
    expect(slugs('# How it fits together\n## Security scan\n## Security scan')).toEqual(
      new Set(['how-it-fits-together', 'security-scan', 'security-scan-1'])
    )
    expect(slugs("## The recruiter's guide (Search, `1`)").has('the-recruiters-guide-search-1')).toBe(true)
  })

  it('keeps the README a short front door', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(150)
  })
})
