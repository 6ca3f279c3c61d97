import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Looking for secrets where they must not be: each secret becomes a set of needles — the value as
 * text (UTF-8 and UTF-16LE, as Chromium keeps some strings), URL- and form-encoded, hex, base64
 * and base64url at each of the three alignments (so it is found inside a longer encoded blob,
 * such as `id:secret` in a Basic header), and pieces of its random part (a value cut short, say
 * `tdk-…f3a9`, still gives itself away). The last four characters alone are not a needle: the
 * app shows them on purpose, to tell keys apart.
 */
export interface Secret {
  name: string
  value: string
  /** The part no other text shares by chance (defaults to the whole value). */
  random?: string
}

export interface Needle {
  secret: string
  form: string
  bytes: Buffer
}

export interface Hit {
  place: string
  secret: string
  form: string
  /** A little of what is around it, with the value itself masked. */
  context: string
}

/** The base64 characters that depend on `bytes` alone, wherever in a longer stream they start. */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = []
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad), bytes])
      .toString('base64')
      .replace(/=+$/, '')
    // characters touched by the padding in front, and by whatever follows the last byte
    const start = pad === 0 ? 0 : pad === 1 ? 2 : 3
    const end = (pad + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 1
    cores.push(encoded.slice(start, end))
  }
  return cores
}

export function needlesFor(secret: Secret): Needle[] {
  const { name, value } = secret
  const utf8 = Buffer.from(value, 'utf8')
  const forms: Array<[string, Buffer]> = [
    ['text', utf8],
    ['utf-16le', Buffer.from(value, 'utf16le')],
    ['url-encoded', Buffer.from(encodeURIComponent(value))],
    ['form-encoded', Buffer.from(new URLSearchParams({ v: value }).toString().slice(2))],
    ['hex', Buffer.from(utf8.toString('hex'))],
    ['HEX', Buffer.from(utf8.toString('hex').toUpperCase())]
  ]
  base64Cores(utf8).forEach((core, pad) => {
    forms.push([`base64@${pad}`, Buffer.from(core)])
    forms.push([`base64url@${pad}`, Buffer.from(core.replace(/\+/g, '-').replace(/\//g, '_'))])
  })
  const random = secret.random ?? value
  // pieces of the random part (never its last four characters alone)
  if (random.length >= 20) {
    forms.push(['first part', Buffer.from(random.slice(0, 12))])
    forms.push([
      'middle part',
      Buffer.from(random.slice(Math.floor(random.length / 2) - 6, Math.floor(random.length / 2) + 6))
    ])
  }
  const seen = new Set<string>()
  return forms
    .filter(([, bytes]) => bytes.length >= 8)
    .filter(([, bytes]) => {
      const key = bytes.toString('hex')
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map(([form, bytes]) => ({ secret: name, form, bytes }))
}

/** Every needle found in `data`, once per needle. */
export function scan(place: string, data: string | Buffer, needles: readonly Needle[]): Hit[] {
  const haystack = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const hits: Hit[] = []
  for (const needle of needles) {
    const at = haystack.indexOf(needle.bytes)
    if (at < 0) continue
    const around = haystack
      .subarray(Math.max(0, at - 40), Math.min(haystack.length, at + needle.bytes.length + 40))
      .toString('latin1')
      .replace(needle.bytes.toString('latin1'), `<${needle.secret}>`)
      .replace(/[^\x20-\x7e]/g, '.')
    hits.push({ place, secret: needle.secret, form: needle.form, context: around })
  }
  return hits
}

/** Every file under `dir` (what a folder holds, however deep), as place names relative to `label`. */
export function scanFolder(
  label: string,
  dir: string,
  needles: readonly Needle[]
): { files: number; bytes: number; names: string[]; hits: Hit[] } {
  let files = 0
  let bytes = 0
  const names: string[] = []
  const hits: Hit[] = []
  const walk = (folder: string): void => {
    let entries: string[]
    try {
      entries = readdirSync(folder)
    } catch {
      return
    }
    for (const entry of entries) {
      const path = join(folder, entry)
      let info
      try {
        info = statSync(path)
      } catch {
        continue // gone meanwhile (a lock file, a temporary journal)
      }
      if (info.isDirectory()) walk(path)
      else if (info.isFile()) {
        let data: Buffer
        try {
          data = readFileSync(path)
        } catch {
          continue
        }
        files += 1
        bytes += data.length
        names.push(relative(dir, path))
        hits.push(...scan(`${label}/${relative(dir, path)}`, data, needles))
      }
    }
  }
  walk(dir)
  return { files, bytes, names, hits }
}
