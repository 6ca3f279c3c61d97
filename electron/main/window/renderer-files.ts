import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

export const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8'
}

export type StaticFile = { body: Buffer; mimeType: string } | { status: 403 | 404 }

/**
 * Reads a file of the built renderer for a URL path, refusing anything that would leave the
 * folder (`..`, encoded separators, absolute paths). `/` is the index page.
 */
export async function readRendererFile(rendererDir: string, urlPath: string): Promise<StaticFile> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return { status: 403 }
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { status: 403 }
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '')
  const root = normalize(rendererDir + sep)
  const filePath = normalize(join(root, relative))
  if (!filePath.startsWith(root)) return { status: 403 }
  try {
    const body = await readFile(filePath)
    return { body, mimeType: mimeTypes[extname(filePath)] ?? 'application/octet-stream' }
  } catch {
    return { status: 404 }
  }
}
