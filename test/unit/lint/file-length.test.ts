import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root, sourceFiles } from './resolved-imports'

/** A file past this many lines does two jobs (issue 37 item 5): split it along its seams. */
const MOST_LINES = 450

/** The project's code: what ships (main, preload, shared, the page, the Sandbox) and its scripts. */
const folders = ['electron', 'shared', 'renderer', 'sandbox', 'scripts', 'bench', 'team-server']

/**
 * Files longer than that today, each at most as long as it is now (it may only shrink): the
 * access copy's words in every language (a table of messages, not code), and refresh's service,
 * left to split after the repository moves of issue 37 item 1.
 */
const LONGER_FOR_NOW: Record<string, number> = {
  'electron/main/privacy/copy-words.ts': 681,
  'electron/main/refresh/refresh-service.ts': 464
}

const lengths = folders
  .map((folder) => join(root, folder))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) => sourceFiles(dir))
  .map((file) => ({
    file: relative(root, file).split('\\').join('/'),
    lines: readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length
  }))

describe('source files', () => {
  it(`are ${MOST_LINES} lines at the most`, () => {
    const long = lengths
      .filter(({ file, lines }) => lines > (LONGER_FOR_NOW[file] ?? MOST_LINES))
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(long).toEqual([])
  })

  it('leave the list of longer ones once they are short enough', () => {
    const listed = Object.keys(LONGER_FOR_NOW)
    const stillLong = lengths
      .filter(({ file, lines }) => listed.includes(file) && lines > MOST_LINES)
      .map((f) => f.file)
    expect(stillLong.sort()).toEqual(listed.sort())
  })
})
