import { describe, expect, it } from 'vitest'
import type { ToolCallResult } from '../../../../shared/ipc/channels/tools'
import { blocksOf, cellText, leadOf, structuredOf, summaryOf, tablesIn } from './result-view'

const result = (over: Partial<ToolCallResult>): ToolCallResult => ({
  name: 'search',
  isError: false,
  content: [],
  structuredContent: null,
  notice: null,
  credential: 'user',
  durationMs: 12,
  ...over
})

// The sandbox's search answer: a summary line and the JSON as text, the same data as structured content.
const searchAnswer = {
  message: 'Engineers.',
  query: { titles: ['engineer'] },
  total: 610,
  results: [
    { key: 'p_1', full_name: 'Elijah Dubois', title: 'Engineer', skills: ['Ruby', 'Git'], last_refreshed: null },
    { key: 'p_2', full_name: 'Sophia Hunt', company: 'Redwood', skills: [], score: 3 }
  ]
}

describe('a tool result, made readable', () => {
  it('finds the lists of objects as tables, with every column and the numeric ones', () => {
    const tables = tablesIn(searchAnswer)
    expect(tables).toHaveLength(1)
    expect(tables[0]).toMatchObject({
      path: 'results',
      columns: ['key', 'full_name', 'title', 'skills', 'last_refreshed', 'company', 'score'],
      numeric: ['score']
    })
    expect(tables[0]!.rows).toHaveLength(2)
    // nested lists are found too, outermost first; a list that is the whole result has no path
    expect(tablesIn({ page: { items: [{ a: 1 }] }, more: [{ b: 2 }] }).map((t) => t.path)).toEqual([
      'page.items',
      'more'
    ])
    expect(tablesIn([{ a: 1 }])[0]!.path).toBe('')
    // lists of plain values, empty lists and mixed lists are no tables
    expect(tablesIn({ a: [1, 2], b: [], c: [{ x: 1 }, 2] })).toEqual([])
  })

  it('writes cells as text: plain lists joined, anything deeper as JSON', () => {
    expect(cellText(null)).toBe('')
    expect(cellText('Engineer')).toBe('Engineer')
    expect(cellText(3)).toBe('3')
    expect(cellText(false)).toBe('false')
    expect(cellText(['Ruby', 'Git'])).toBe('Ruby, Git')
    expect(cellText([{ email: 'a@b.c' }])).toBe('[{"email":"a@b.c"}]')
  })

  it('takes the data from structured content, else from a text block that is JSON', () => {
    expect(structuredOf(result({ structuredContent: searchAnswer }))).toEqual({
      value: searchAnswer,
      from: 'structured'
    })
    const fromText = result({ content: [{ type: 'text', text: ' [{"a":1}] ' }] })
    expect(structuredOf(fromText)).toEqual({ value: [{ a: 1 }], from: 'text' })
    expect(structuredOf(result({ content: [{ type: 'text', text: 'Recruiter was not found' }] }))).toBeNull()
    expect(structuredOf(result({ content: [{ type: 'text', text: '{not json' }] }))).toBeNull()
  })

  it('reads content blocks: text, images as data addresses, resources, and anything else whole', () => {
    const blocks = blocksOf(
      result({
        content: [
          { type: 'text', text: 'hello' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'image', data: 'AAAA', mimeType: 'text/html' },
          { type: 'resource', resource: { uri: 'file:///a.csv', text: 'a,b', mimeType: 'text/csv' } },
          { type: 'resource_link', uri: 'https://x.test/r', name: 'r' }
        ]
      })
    )
    expect(blocks.map((b) => b.kind)).toEqual(['text', 'image', 'other', 'resource', 'resource'])
    expect(blocks[1]).toEqual({ kind: 'image', src: 'data:image/png;base64,AAAA', mimeType: 'image/png' })
    expect(blocks[3]).toEqual({ kind: 'resource', uri: 'file:///a.csv', text: 'a,b', mimeType: 'text/csv' })
  })

  it('leads with a text block’s first line when the data is shown beside it', () => {
    expect(leadOf('Engineers. 610 match(es).\n{"total":610}')).toEqual({
      lead: 'Engineers. 610 match(es).',
      rest: '{"total":610}'
    })
    expect(leadOf('  one line  ')).toEqual({ lead: 'one line', rest: null })
  })

  it('previews tree nodes in one line', () => {
    expect(summaryOf([1, 2])).toBe('[2]')
    expect(summaryOf({ a: 1 })).toBe('{1}')
    expect(summaryOf('x')).toBe('"x"')
    expect(summaryOf(null)).toBe('null')
  })
})
