import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, extname, join, relative, sep } from 'node:path'
import { GLOBAL_FILE, type Finding } from './allow-list'

/*
 * Runs @doyensec/electronegativity (1.10.3, unmaintained) through its Node API and turns its
 * report into plain findings. Its quirks, and what this module does about each:
 *
 * - It reads only .js/.jsx/.ts/.tsx/.html/.htm and package.json: no .cjs/.mjs (our whole build
 *   output), no .svelte. Its JavaScript path (esprima, then Babel walked with estraverse) also
 *   stops at class private fields (`#x`), which every bundle here has: "Unknown node type
 *   PrivateName", and the file goes unscanned. Its TypeScript path (Babel + ESLint's traverser)
 *   reads them, and plain JavaScript is valid input for it. So the scan runs on a temporary copy
 *   in which every .js/.cjs/.mjs file is renamed to .ts; findings are mapped back to the real
 *   names. .svelte files are covered through their compiled form in out/renderer.
 * - A file it cannot parse is only listed in `errors`; here that fails the scan, because an
 *   unread file is not a clean file.
 * - `eng-disable` comments silence a check without a reason anyone reviewed. The copy has them
 *   neutralised (same length, so columns stay), and they are reported: the reviewed allow-list
 *   is the only way to accept a finding.
 * - It fetches translations from S3 and Electron's release list from GitHub at every run (1 s
 *   time-outs, then falls back). The scan must give the same answer offline, so its HTTP client
 *   (`got`) is replaced by one that refuses at once; AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK, which
 *   needs that list, is turned off (keeping Electron current is the dependency updates' job).
 * - It ignores folders named node_modules, and guesses the Electron version from a package.json
 *   (assuming 0.1.0 and its insecure defaults when none is found); the installed electron
 *   package's version is passed instead.
 */

const require = createRequire(import.meta.url)
const packageDir = dirname(require.resolve('@doyensec/electronegativity/package.json'))

/** Checks turned off, by electronegativity's class name (lower case, as its API wants). */
export const excludedChecks = ['availablesecurityfixesglobalcheck']

/** Source extensions the scanner reads only when renamed to .ts. */
const renamed = new Set(['.js', '.cjs', '.mjs'])
/** Extensions it reads as they are. */
const kept = new Set(['.ts', '.tsx', '.jsx', '.html', '.htm'])

interface RawIssue {
  file: string
  sample?: string
  location?: { line: number; column: number }
  id: string
  description: string
  severity: { name: string }
  confidence: { name: string }
  shortenedURL?: string
}

interface RawResult {
  errors: { file: string; message: string; tolerable: boolean }[]
  issues: RawIssue[]
}

type Run = (options: Record<string, unknown>) => Promise<RawResult>

export interface ScanResult {
  findings: Finding[]
  /** Files the scanner could not read (each one fails the scan). */
  unreadable: { file: string; message: string }[]
  /** Parser warnings for files it did read. */
  warnings: { file: string; message: string }[]
  /** `eng-disable` comments found (and ignored) in the scanned files. */
  inlineDisables: { file: string; line: number }[]
  /** How many files were handed to the scanner. */
  files: number
  electronVersion: string
}

/** The installed Electron's version (the scanner's defaults depend on it). */
export function installedElectronVersion(): string {
  return (require('electron/package.json') as { version: string }).version
}

/**
 * Scans `targets` (files or folders, relative to `root`) and returns normalised findings with
 * paths relative to `root`, as they are in the repository.
 */
export async function scan(root: string, targets: readonly string[]): Promise<ScanResult> {
  const work = mkdtempSync(join(tmpdir(), 'td-security-scan-'))
  try {
    // The copy lives in `<tmp>/tree`: no folder of it may be called node_modules.
    const tree = join(work, 'tree')
    const originals = new Map<string, string>()
    const inlineDisables: ScanResult['inlineDisables'] = []
    for (const target of targets) copyTarget(root, target, tree, originals, inlineDisables)

    const electronVersion = installedElectronVersion()
    const run = loadOffline()
    const result = await quietly(() =>
      run({
        input: tree,
        isRelative: true,
        electronVersionOverride: electronVersion,
        excludeFromScan: excludedChecks,
        parserPlugins: []
      })
    )
    const original = (file: string) => {
      const rel = relative(tree, file).split(sep).join('/')
      return originals.get(rel) ?? rel
    }
    const findings = result.issues.map((issue): Finding => {
      const global = issue.file === 'N/A'
      const line = issue.location?.line
      return {
        check: issue.id,
        file: global ? GLOBAL_FILE : original(join(tree, issue.file)),
        ...(global || !line ? {} : { line, column: issue.location?.column ?? 0 }),
        severity: issue.severity.name,
        confidence: issue.confidence.name,
        ...(global || issue.sample === undefined ? {} : { sample: issue.sample.slice(0, 300) }),
        description: issue.description,
        ...(issue.shortenedURL ? { url: issue.shortenedURL } : {})
      }
    })
    findings.sort(
      (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.check.localeCompare(b.check)
    )
    return {
      findings,
      unreadable: result.errors
        .filter((error) => !error.tolerable)
        .map((error) => ({ file: original(error.file), message: error.message })),
      warnings: result.errors
        .filter((error) => error.tolerable)
        .map((error) => ({ file: original(error.file), message: error.message })),
      inlineDisables,
      files: originals.size,
      electronVersion
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

function copyTarget(
  root: string,
  target: string,
  tree: string,
  originals: Map<string, string>,
  inlineDisables: ScanResult['inlineDisables']
): void {
  const from = join(root, target)
  const stat = statSync(from, { throwIfNoEntry: false })
  if (!stat) throw new Error(`${target} does not exist under ${root}`)
  const files = stat.isDirectory()
    ? readdirSync(from, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    : [target]
  for (const file of files) {
    const rel = file.split(sep).join('/')
    if (rel.split('/').includes('node_modules')) continue
    const ext = extname(rel)
    const isPackageJson = rel.endsWith('package.json')
    if (!renamed.has(ext) && !kept.has(ext) && !isPackageJson) continue
    const scanned = renamed.has(ext) ? `${rel.slice(0, -ext.length)}.ts` : rel
    if (originals.has(scanned)) throw new Error(`${rel} and another file would both be scanned as ${scanned}`)
    originals.set(scanned, rel)
    const destination = join(tree, scanned)
    mkdirSync(dirname(destination), { recursive: true })
    if (isPackageJson) {
      copyFileSync(join(root, rel), destination)
      continue
    }
    const text = readFileSync(join(root, rel), 'utf8')
    const lines = text.split('\n')
    lines.forEach((line, index) => {
      if (/eng-disable/i.test(line)) inlineDisables.push({ file: rel, line: index + 1 })
    })
    writeFileSync(destination, text.replace(/eng-disable/gi, 'eng-ignored'))
  }
}

/** electronegativity's `run`, with its HTTP client answering every request with a refusal. */
function loadOffline(): Run {
  const fromPackage = createRequire(join(packageDir, 'package.json'))
  const gotPath = fromPackage.resolve('got')
  if (!(gotPath in require.cache)) {
    const refuse = () => Promise.reject(new Error('the security scan runs offline'))
    const offlineGot = Object.assign(refuse, { head: refuse, get: refuse, default: refuse })
    require.cache[gotPath] = {
      id: gotPath,
      filename: gotPath,
      loaded: true,
      exports: offlineGot
    } as unknown as NodeJS.Module
  }
  // Its messages in English whatever the machine's locale (they go into the report).
  process.env.LANG = 'en-US'
  const loaded = fromPackage(packageDir) as Run | { default: Run }
  return typeof loaded === 'function' ? loaded : loaded.default
}

/** Runs the scanner with its chatter on console.log ("Could not retrieve …") kept out of the report. */
async function quietly<T>(action: () => Promise<T>): Promise<T> {
  const log = console.log
  console.log = () => {}
  try {
    return await action()
  } finally {
    console.log = log
  }
}
