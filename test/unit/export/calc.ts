import fs from 'node:fs'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { pathToFileURL } from 'node:url'
import { parse } from 'csv-parse/sync'

/*
 * A real spreadsheet program for the tests: LibreOffice Calc, headless (Debian package
 * libreoffice-calc-nogui). Calc reads a file and writes it back out as CSV; the tests parse that
 * and compare cells. CSV-to-CSV is the simplest faithful read-back: it writes each cell's text as
 * Calc holds it, which is what a person opening the file sees, with no XML to pick apart.
 *
 * Import options (Calc CSV filter tokens): comma, double quote, UTF-8 (76), from line 1, and
 * token 13 "evaluate formulas" ON, the most dangerous setting: a formula that got through would
 * come back as its result, not its text.
 */
export const soffice = findOnPath('soffice')
const IMPORT = 'CSV:44,34,76,1,,1033,false,false,false,false,false,false,true'
const EXPORT = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,true,true'

function findOnPath(name: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, name)
    if (folder !== '' && fs.existsSync(candidate)) return candidate
  }
  return undefined
}

if (soffice === undefined && process.env.CI) {
  throw new Error('LibreOffice (soffice) is required on CI: apt-get install libreoffice-calc-nogui')
}

/** Calc reads `file` (CSV, or an .xlsx workbook) and writes it back as CSV in `dir`; returns the parsed cells. */
export async function throughCalc(file: string, dir: string): Promise<string[][]> {
  const workbook = file.endsWith('.xlsx')
  const out = path.join(dir, `out-${path.basename(file, path.extname(file))}`)
  await promisify(execFile)(
    soffice ?? 'soffice',
    [
      // A private profile: no clash with a running LibreOffice, no first-start prompts.
      `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
      '--headless',
      '--norestore',
      ...(workbook ? [] : [`--infilter=${IMPORT}`]),
      '--convert-to',
      EXPORT,
      '--outdir',
      out,
      file
    ],
    { timeout: 120_000 }
  )
  const written = path.join(out, `${path.basename(file, path.extname(file))}.csv`)
  return parse(fs.readFileSync(written), { bom: true }) as string[][]
}
