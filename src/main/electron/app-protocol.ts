import { readFile } from 'node:fs/promises'
import { protocol, type Session } from 'electron'
import { APP_SCHEME, contentTypeFor, resolveAppPath } from '../security/app-scheme'
import { CONTENT_SECURITY_POLICY } from './harden-window'

/**
 * Must run before the app is ready: `app:` behaves like https for the page (a standard, secure
 * origin with fetch), so nothing of the page needs `file://` and its extra privileges.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: false } }
  ])
}

/** Serves `app://renderer/…` from the built renderer folder, with the CSP on every answer. */
export function serveAppScheme(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(request.url, rendererDir)
    if (file === null || request.method !== 'GET') return new Response('Not found.', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: {
          'Content-Type': contentTypeFor(file),
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff'
        }
      })
    } catch {
      return new Response('Not found.', { status: 404 })
    }
  })
}
