import { describe, expect, it } from 'vitest'
import { externalUsage, isExternal, packageName } from '../../../scripts/build/bundle-usage.mjs'

// A file shaped like rolldown's CommonJS output for main (out/main/chunks/*.cjs): the runtime
// chunk required first, each external bound once and passed through __toESM where the source
// had a default import, then read by name.
const built = `"use strict";
const require_rolldown_runtime = require("./rolldown-runtime-CmQyd0Gu.cjs");
let node_fs = require("node:fs");
node_fs = require_rolldown_runtime.__toESM(node_fs, 1);
let electron = require("electron");
let zod = require("zod");
let p_retry = require("p-retry");
p_retry = require_rolldown_runtime.__toESM(p_retry, 1);
let undici = require("undici");
let mcp = require("@modelcontextprotocol/sdk/types.js");
require("pino-roll");

const Schema = zod.z.object({ id: zod.z.string() });
async function fetchWithRetry(url) {
  return (0, p_retry.default)(() => (0, undici.fetch)(url), { retries: 2 });
}
const agent = new undici.Agent();
const code = mcp["ErrorCode"];
// a local that shares a package binding's name is not the package
function shadow(zod) {
  return zod.notAnExport;
}
const cookies = require("cookie").parse("a=1");
const here = require("url").pathToFileURL(__filename);
electron.app.whenReady();
node_fs.readFileSync(here);
`

describe('externalUsage', () => {
  const { requires, unknown } = externalUsage(built)
  const bySpecifier = Object.fromEntries(requires.map((r) => [r.specifier, r]))

  it('finds the external packages, not built-ins, chunks or electron', () => {
    expect(requires.map((r) => r.specifier)).toEqual([
      'zod',
      'p-retry',
      'undici',
      '@modelcontextprotocol/sdk/types.js',
      'pino-roll',
      'cookie'
    ])
    expect(unknown).toEqual([])
  })

  it('finds the names read, through (0, x.name), x.name and x["name"], and not a shadowing local', () => {
    expect(bySpecifier['zod']?.names).toEqual(['z'])
    expect(bySpecifier['undici']?.names).toEqual(['Agent', 'fetch'])
    expect(bySpecifier['@modelcontextprotocol/sdk/types.js']?.names).toEqual(['ErrorCode'])
    expect(bySpecifier['cookie']?.names).toEqual(['parse'])
    expect(bySpecifier['pino-roll']).toMatchObject({ names: [], whole: false })
  })

  it("finds the bundle's interop and the runtime chunk it comes from", () => {
    expect(bySpecifier['p-retry']).toMatchObject({
      line: 7,
      names: ['default'],
      whole: false,
      interop: { runtime: './rolldown-runtime-CmQyd0Gu.cjs', helper: '__toESM', args: [1] }
    })
    expect(bySpecifier['zod']?.interop).toBeNull()
  })

  it('marks a package used as a value of its own', () => {
    const { requires } = externalUsage('let undici = require("undici");\nmodule.exports = { undici };\n')
    expect(requires).toMatchObject([{ specifier: 'undici', names: [], whole: true }])
  })

  it('reports what it does not understand instead of checking less', () => {
    const { unknown } = externalUsage(
      'let p = require("p-retry");\np = wrap(p);\nconst name = "x";\nrequire(name);\n(0, p.default)();\n'
    )
    expect(unknown).toEqual([
      'line 2: p-retry is assigned again in a way this check does not know',
      'line 4: require() of a name computed at run time'
    ])
  })

  it('says when the text is not JavaScript it can parse', () => {
    expect(() => externalUsage('let = require(')).toThrow(/cannot parse the file/)
  })
})

describe('isExternal and packageName', () => {
  it('leaves out built-ins (with and without node:), relative files and electron', () => {
    expect(
      ['node:fs', 'url', 'fs/promises', './chunks/a.cjs', '../x.cjs', 'electron', 'electron/main'].map(isExternal)
    ).toEqual([false, false, false, false, false, false, false])
    expect(['zod', 'csv-stringify/sync', '@modelcontextprotocol/sdk/types.js', 'electron-log'].map(isExternal)).toEqual(
      [true, true, true, true]
    )
  })

  it('names the package of a subpath', () => {
    expect(packageName('@modelcontextprotocol/sdk/client/index.js')).toBe('@modelcontextprotocol/sdk')
    expect(packageName('csv-stringify/sync')).toBe('csv-stringify')
    expect(packageName('zod')).toBe('zod')
  })
})
