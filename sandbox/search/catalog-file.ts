/**
 * The catalog file: the sandbox's index of its people and the collision log of the run that made
 * them, kept in the app's data folder so a later start reads them (about a tenth of a second)
 * instead of generating and indexing everyone again (seconds). The people themselves are not
 * kept: each is generated alone from the log when first read (catalog.ts).
 *
 * Layout: MAGIC, a little-endian uint32 header length, the header (JSON: format, data version,
 * seed, count, the code's fingerprint, sample digests, where each section is), the sections
 * (8-byte aligned: one JSON section of every string, then typed arrays), and a CRC-32 of all that
 * came before. A file is used only when every check passes; otherwise it says why:
 *
 * - `missing`: no file;
 * - `foreign`: not a catalog file (another program's, or a folder) — left alone, never replaced;
 * - `stale`: another format, data version, seed, count or build of the code;
 * - `damaged`: cut short, checksum wrong, a section unreadable, or a sample person not the one
 *   the file describes — rebuilt, never trusted.
 */
import { createHash } from 'node:crypto'
import { closeSync, fstatSync, openSync, readdirSync, readSync, renameSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { endianness } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { crc32 } from 'node:zlib'
import type { WholePersonProfile } from '../../shared/api'
import { DATA_VERSION, ProfileGenerator, type CollisionLog } from '../data/generate'
import { Postings, type PostingList } from './postings'
import { LazyLookup, type IndexParts } from './index-builder'
import { errorMessage } from '../../shared/error-message'

/** The first bytes of every catalog file (readable, so a person opening it knows what it is). */
const MAGIC = Buffer.from('Talent Desk sandbox catalog\n', 'latin1')
/** Bump when the layout or IndexParts change (what the index holds, or how it tokenizes). */
export const CATALOG_FORMAT = 1
/** People whose whole JSON the header's digests pin (first, last, and two in between). */
const SAMPLES = 4

export interface CatalogKey {
  seed: number
  count: number
  /** The build of the sandbox's code (a hash of the worker's bundle); '' where there is none. */
  fingerprint: string
}

export type CatalogRead =
  | { ok: true; parts: IndexParts; log: CollisionLog }
  | { ok: false; reason: 'missing' | 'foreign' | 'stale' | 'damaged'; detail: string }

const FIELDS = [
  'name',
  'title',
  'pastTitle',
  'company',
  'pastCompany',
  'school',
  'location',
  'skill',
  'seniority',
  'text'
] as const
const MAPS = ['byKey', 'byEmail', 'byHandle'] as const

interface Header {
  format: number
  dataVersion: number
  seed: number
  count: number
  fingerprint: string
  samples: Array<{ id: number; sha256: string }>
  /** Byte ranges from the start of the file. */
  sections: Record<string, { offset: number; length: number }>
}

interface Strings {
  maps: Record<(typeof MAPS)[number], string[]>
  postings: Record<(typeof FIELDS)[number], string[]>
  skillKeys: string[]
}

const digest = (profile: WholePersonProfile): string =>
  createHash('sha256').update(JSON.stringify(profile)).digest('hex')

function sampleIds(count: number): number[] {
  if (count === 0) return []
  return [...new Set([0, Math.floor(count / 3), Math.floor((2 * count) / 3), count - 1])].slice(0, SAMPLES)
}

/** The file's bytes for this index and log (`profileAt` gives the people the samples pin). */
export function encodeCatalog(
  key: CatalogKey,
  parts: IndexParts,
  log: CollisionLog,
  profileAt: (id: number) => WholePersonProfile
): Buffer {
  const strings: Strings = {
    maps: { byKey: [], byEmail: [], byHandle: [] },
    postings: {} as Strings['postings'],
    skillKeys: [...parts.skillKeys]
  }
  const arrays: Array<[string, Uint32Array | Float32Array]> = []
  for (const name of MAPS) {
    const entries = [...parts[name].entries()]
    strings.maps[name] = entries.map(([key]) => key)
    arrays.push([`${name}.ids`, Uint32Array.from(entries, ([, id]) => id)])
  }
  for (const field of FIELDS) {
    const lists = parts[field].lists
    const terms = [...lists.keys()]
    const starts = new Uint32Array(terms.length + 1)
    let total = 0
    terms.forEach((term, i) => {
      starts[i] = total
      total += (lists.get(term) as PostingList).length
    })
    starts[terms.length] = total
    const ids = new Uint32Array(total)
    terms.forEach((term, i) => ids.set(lists.get(term) as PostingList, starts[i]))
    strings.postings[field] = terms
    arrays.push([`${field}.starts`, starts], [`${field}.ids`, ids])
  }
  arrays.push(['quality', parts.quality], ['skillStarts', parts.skillStarts], ['skillSeq', parts.skillSeq])
  arrays.push(['log', log])

  const blobs: Array<[string, Buffer]> = [['strings', Buffer.from(JSON.stringify(strings), 'utf8')]]
  for (const [name, array] of arrays) blobs.push([name, Buffer.from(array.buffer, array.byteOffset, array.byteLength)])

  const header: Header = {
    format: CATALOG_FORMAT,
    dataVersion: DATA_VERSION,
    seed: key.seed,
    count: key.count,
    fingerprint: key.fingerprint,
    samples: sampleIds(key.count).map((id) => ({ id, sha256: digest(profileAt(id)) })),
    sections: {}
  }
  // Section offsets depend on the header's length, which depends on the offsets: lay them out
  // with a header padded to a fixed size that is surely large enough.
  const headerRoom = align(Buffer.byteLength(JSON.stringify(header)) + 64 * (blobs.length + 1) + 256)
  let offset = align(MAGIC.length + 4 + headerRoom)
  for (const [name, blob] of blobs) {
    header.sections[name] = { offset, length: blob.length }
    offset = align(offset + blob.length)
  }
  const headerBytes = Buffer.alloc(headerRoom, ' ')
  const written = headerBytes.write(JSON.stringify(header), 'utf8')
  if (written > headerRoom) throw new Error('catalog header larger than its room')
  const out = Buffer.alloc(offset + 4)
  MAGIC.copy(out, 0)
  out.writeUInt32LE(headerRoom, MAGIC.length)
  headerBytes.copy(out, MAGIC.length + 4)
  for (const [name, blob] of blobs) blob.copy(out, (header.sections[name] as { offset: number }).offset)
  out.writeUInt32LE(crc32(out.subarray(0, offset)), offset)
  return out
}

/**
 * Writes the catalog file: a temporary file of its own name, renamed over the old one, so a
 * reader never sees half a file. The caller decides whether a file already there may be
 * replaced (readCatalog's reason).
 */
export async function writeCatalog(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.tmp-${process.pid}`
  try {
    await writeFile(temp, bytes, { mode: 0o600 })
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}

/**
 * Removes the temporary files of writes that never finished (`<file>.tmp-<pid>` of a process that
 * is gone): only names this module makes, and never one a running process may still rename.
 */
export function removeCatalogLeftovers(file: string): void {
  const own = new RegExp(`^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.tmp-(\\d+)$`)
  let names: string[]
  try {
    names = readdirSync(dirname(file))
  } catch {
    return
  }
  for (const name of names) {
    const pid = own.exec(name)?.[1]
    if (pid === undefined || alive(Number(pid))) continue
    rmSync(join(dirname(file), name), { force: true })
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Reads and checks the catalog file against `key`; see the file's comment for the reasons. */
export function readCatalog(file: string, key: CatalogKey): CatalogRead {
  let bytes: Buffer
  try {
    bytes = readWhole(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { ok: false, reason: 'missing', detail: 'no catalog file yet' }
    return { ok: false, reason: 'foreign', detail: `cannot be read as a catalog file (${code ?? String(error)})` }
  }
  if (bytes.length < MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    return { ok: false, reason: 'foreign', detail: 'not a Talent Desk sandbox catalog' }
  }
  try {
    return decode(bytes, key)
  } catch (error) {
    return { ok: false, reason: 'damaged', detail: errorMessage(error) }
  }
}

function decode(bytes: Buffer, key: CatalogKey): CatalogRead {
  if (endianness() !== 'LE') return { ok: false, reason: 'stale', detail: 'written for little-endian machines' }
  if (bytes.length < MAGIC.length + 8) throw new Error('cut short')
  const headerRoom = bytes.readUInt32LE(MAGIC.length)
  const header = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerRoom)) as Header
  const end = bytes.length - 4
  if (crc32(bytes.subarray(0, end)) !== bytes.readUInt32LE(end)) throw new Error('checksum does not match')
  const wanted: Array<[string, unknown, unknown]> = [
    ['format', header.format, CATALOG_FORMAT],
    ['data version', header.dataVersion, DATA_VERSION],
    ['seed', header.seed, key.seed],
    ['count', header.count, key.count],
    ['build', header.fingerprint, key.fingerprint]
  ]
  const differs = wanted.find(([, has, want]) => has !== want)
  if (differs) {
    return {
      ok: false,
      reason: 'stale',
      detail: `${differs[0]} ${JSON.stringify(differs[1])}, wanted ${JSON.stringify(differs[2])}`
    }
  }

  const section = (name: string): Buffer => {
    const at = header.sections[name]
    if (at === undefined || at.offset + at.length > end) throw new Error(`section ${name} missing`)
    return bytes.subarray(at.offset, at.offset + at.length)
  }
  const u32 = (name: string): Uint32Array => view(section(name), Uint32Array)
  /** A section of ids, each below `limit` (a file whose checksum holds but whose ids do not is refused). */
  const ids = (name: string, limit: number): Uint32Array => {
    const array = u32(name)
    for (let i = 0; i < array.length; i++)
      if ((array[i] as number) >= limit) throw new Error(`${name}: id out of range`)
    return array
  }
  const strings = JSON.parse(section('strings').toString('utf8')) as Strings
  const maps = {} as Record<(typeof MAPS)[number], LazyLookup>
  for (const name of MAPS) {
    const found = ids(`${name}.ids`, header.count)
    const keys = strings.maps[name]
    if (keys.length !== found.length) throw new Error(`${name}: ${keys.length} keys, ${found.length} ids`)
    maps[name] = new LazyLookup(keys, found)
  }
  const postings = {} as Record<(typeof FIELDS)[number], Postings>
  for (const field of FIELDS) {
    const terms = strings.postings[field]
    const lists = ids(`${field}.ids`, header.count)
    const starts = ids(`${field}.starts`, lists.length + 1)
    if (starts.length !== terms.length + 1 || starts[terms.length] !== lists.length) {
      throw new Error(`${field}: bad lists`)
    }
    postings[field] = new Postings(
      new Map(terms.map((term, i) => [term, lists.subarray(starts[i] as number, starts[i + 1] as number)]))
    )
  }
  const quality = view(section('quality'), Float32Array)
  const skillSeq = ids('skillSeq', strings.skillKeys.length)
  const skillStarts = ids('skillStarts', skillSeq.length + 1)
  if (quality.length !== header.count || skillStarts.length !== header.count + 1) throw new Error('per-person arrays')
  const parts: IndexParts = {
    size: header.count,
    ...maps,
    ...postings,
    quality,
    skillKeys: strings.skillKeys,
    skillStarts,
    skillSeq
  }
  const log = u32('log')

  // The people come from the generator, not the file: a few must be exactly who the file says.
  const generator = new ProfileGenerator({ seed: key.seed })
  for (const { id, sha256 } of header.samples) {
    if (digest(generator.one(id, log)) !== sha256) throw new Error(`person ${id} is not the one the file describes`)
  }
  if (header.samples.length !== sampleIds(header.count).length) throw new Error('samples missing')
  return { ok: true, parts, log }
}

/** A typed array over `bytes` (copied when not aligned for it). */
function view<T extends Uint32Array | Float32Array>(
  bytes: Buffer,
  Type: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number }
): T {
  if (bytes.length % Type.BYTES_PER_ELEMENT !== 0) throw new Error('section length')
  const own = bytes.byteOffset % Type.BYTES_PER_ELEMENT === 0 ? bytes : Buffer.from(bytes)
  return new Type(own.buffer as ArrayBuffer, own.byteOffset, own.length / Type.BYTES_PER_ELEMENT)
}

function align(n: number): number {
  return Math.ceil(n / 8) * 8
}

/** The whole file, in one buffer of its own (never a pooled slice). */
function readWhole(file: string): Buffer {
  const fd = openSync(file, 'r')
  try {
    const size = fstatSync(fd).size
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOTFILE' })
    const bytes = Buffer.allocUnsafeSlow(size)
    let at = 0
    while (at < size) {
      const n = readSync(fd, bytes, at, size - at, at)
      if (n === 0) break
      at += n
    }
    return bytes.subarray(0, at)
  } finally {
    closeSync(fd)
  }
}
