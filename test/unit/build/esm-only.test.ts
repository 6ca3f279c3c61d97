import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { esmOnlyDependencies, isEsmOnly } from '../../../scripts/build/esm-only'

const root = join(import.meta.dirname, '..', '..', '..')
const installed = (name: string) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as Parameters<typeof isEsmOnly>[0]

describe('isEsmOnly', () => {
  it('is true for an ES-module package whose entry has no CommonJS form', () => {
    expect(isEsmOnly({ type: 'module', exports: './index.js' })).toBe(true)
    expect(isEsmOnly({ type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } })).toBe(true)
    expect(isEsmOnly({ type: 'module', exports: { '.': { node: './node.js', default: './index.js' } } })).toBe(true)
    expect(isEsmOnly({ type: 'module', main: './index.js' })).toBe(true)
    expect(isEsmOnly({ type: 'module' })).toBe(true)
  })

  it('is false when some condition of the entry leads to CommonJS', () => {
    expect(isEsmOnly({ type: 'module', exports: { '.': { import: './a.js', require: './a.cjs' } } })).toBe(false)
    expect(isEsmOnly({ type: 'module', exports: { import: './a.js', default: './a.cjs' } })).toBe(false)
    expect(isEsmOnly({ type: 'module', exports: { '.': { node: { import: './a.js', default: './a.cjs' } } } })).toBe(
      false
    )
    expect(isEsmOnly({ type: 'module', exports: ['./a.cjs'] })).toBe(false)
    expect(isEsmOnly({ type: 'module', main: './index.cjs' })).toBe(false)
  })

  it('is false for a CommonJS package', () => {
    expect(isEsmOnly({ main: './index.js' })).toBe(false)
    expect(isEsmOnly({ type: 'commonjs', exports: { '.': './index.js' } })).toBe(false)
  })

  it('judges the installed packages as Node does', () => {
    for (const name of ['p-retry', 'oauth4webapi']) expect(isEsmOnly(installed(name)), name).toBe(true)
    for (const name of ['zod', 'undici', 'better-sqlite3', 'pino', 'lossless-json', 'csv-stringify'])
      expect(isEsmOnly(installed(name)), name).toBe(false)
  })
})

describe('esmOnlyDependencies', () => {
  it("lists the app's ESM-only dependencies, which the build bundles into main", () => {
    const list = esmOnlyDependencies(root)
    expect(list).toEqual(expect.arrayContaining(['oauth4webapi', 'p-retry']))
    expect(list).not.toContain('zod')
    expect(list).toEqual([...list].sort())
  })
})
