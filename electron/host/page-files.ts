import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, sep } from 'node:path'
import { mimeTypes } from '../main/window/renderer-files'
import { browserHostCsp } from '../main/window/hardening'
import { sendText } from './http-replies'

/** The brotli copy the build writes beside each text file of the page (scripts/build/precompress.ts). */
export const BROTLI_SUFFIX = '.br'

interface PageFile {
  body: Buffer
  /** The build's brotli copy, when it wrote one. */
  brotli: Buffer | null
  mimeType: string
  etag: string
  /** Under assets/: named by its content's hash, so a browser may keep it for good. */
  immutable: boolean
}

export interface PageFiles {
  /** Answers a GET or HEAD for the page or one of its files. */
  answer(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void>
}

/**
 * The built page's files, read once when the host starts and answered from memory: the first
 * screen asks for ~70 of them at once, and reading each from the disk on request (open, stat,
 * read, close through libuv's threads) made every answer wait behind the others while the
 * browser and the host's start shared two cores. The build's brotli copies are sent to a browser
 * that accepts them. The files under assets/ are named by their content (Vite's hashes) and may be
 * cached for good; the page itself is asked for again each time (its ETag answers 304 when the
 * same). A name that is not one of the files — `..`, an encoded separator, a file added after
 * the start — is simply not found.
 */
export function loadPageFiles(rendererDir: string): PageFiles {
  const loading = readAll(rendererDir)
  loading.catch(() => undefined) // answered per request below; never an unhandled rejection
  return {
    async answer(request, response, pathname) {
      let files: Map<string, PageFile>
      try {
        files = await loading
      } catch {
        return sendText(response, 404, 'Not found')
      }
      let name: string
      try {
        name = decodeURIComponent(pathname).replace(/^\/+/, '') || 'index.html'
      } catch {
        return sendText(response, 403, 'Forbidden')
      }
      const file = files.get(name)
      if (file === undefined) return sendText(response, 404, 'Not found')
      const headers: Record<string, string> = {
        'content-type': file.mimeType,
        'content-security-policy': browserHostCsp,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        etag: file.etag,
        vary: 'accept-encoding'
      }
      if (request.headers['if-none-match'] === file.etag) {
        response.writeHead(304, headers)
        response.end()
        return
      }
      const brotli = file.brotli !== null && acceptsBrotli(request.headers['accept-encoding'])
      const body = brotli ? file.brotli! : file.body
      if (brotli) headers['content-encoding'] = 'br'
      headers['content-length'] = String(body.length)
      response.writeHead(200, headers)
      response.end(request.method === 'HEAD' ? undefined : body)
    }
  }
}

function acceptsBrotli(header: string | undefined): boolean {
  if (header === undefined) return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';')
    if (coding?.trim().toLowerCase() !== 'br') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

async function readAll(rendererDir: string): Promise<Map<string, PageFile>> {
  const entries = await readdir(rendererDir, { recursive: true, withFileTypes: true })
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(rendererDir.length)
        .replace(/^[\\/]+/, '')
    )
    .map((name) => name.split(sep).join('/'))
  const present = new Set(names)
  const files = new Map<string, PageFile>()
  await Promise.all(
    names
      .filter((name) => !(name.endsWith(BROTLI_SUFFIX) && present.has(name.slice(0, -BROTLI_SUFFIX.length))))
      .map(async (name) => {
        const withBrotli = present.has(name + BROTLI_SUFFIX)
        const [body, brotli] = await Promise.all([
          readFile(join(rendererDir, name)),
          withBrotli ? readFile(join(rendererDir, name + BROTLI_SUFFIX)) : null
        ])
        files.set(name, {
          body,
          brotli,
          mimeType: mimeTypes[extname(name)] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
          immutable: name.startsWith('assets/')
        })
      })
  )
  return files
}
