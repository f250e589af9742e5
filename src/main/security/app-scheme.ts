import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * The packaged app serves its page from `app://renderer/…` instead of `file://`: a privileged
 * custom scheme gives the page a real origin of its own and no reach into the file system, so
 * Electron's file-protocol privileges can be switched off. This maps a request on that scheme to
 * a file inside the renderer folder, or to nothing: other hosts, encoded separators, NUL bytes
 * and anything that would climb out of the folder are refused.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'renderer'
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

export function resolveAppPath(requestUrl: string, rendererDir: string): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.username !== '' || url.password !== '' || url.port !== '') {
    return null
  }
  // An encoded slash, backslash or dot-dot would survive decoding as a separator the URL parser never saw.
  if (/%2f|%5c|%00|%2e%2e/i.test(url.pathname) || url.pathname.includes('\\')) return null
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  const root = resolve(rendererDir)
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`)
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null
  return file
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json'
}

/** The type a file is served as; unknown kinds are bytes, never something the page could run. */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}
