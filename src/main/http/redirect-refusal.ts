/**
 * Token and search requests carry the client secret or the token, so they never follow a
 * redirect: every fetch main makes says `redirect: 'manual'` where it is called, for a reader to
 * see there, and node:http(s) follows none by itself. A 3xx is reported with where it pointed,
 * and nothing is sent there. Node's fetch and node:http(s) hand back the 3xx itself; a
 * browser-style fetch hands back an opaque redirect; Electron's `net.fetch` rejects with
 * "Redirect was cancelled". All are caught.
 */

const MAX_SHOWN_LOCATION = 200

export interface Redirect {
  status: number | null
  /** The absolute address the server pointed to, shortened for display; null when the fetch does not say. */
  location: string | null
}

export function redirectOf(response: Response, requestUrl: string): Redirect | null {
  if (response.type === 'opaqueredirect') return { status: null, location: null }
  return redirectAt(response.status, response.headers.get('location'), requestUrl)
}

/** The redirect a reply of `status` with this `Location` header is, or null when it is none. */
export function redirectAt(status: number, location: string | null, requestUrl: string): Redirect | null {
  if (status < 300 || status > 399) return null
  return { status, location: location === null ? null : shownLocation(location, requestUrl) }
}

/** Electron's `net.fetch` with `redirect: 'manual'` rejects instead of answering. */
export function isRedirectRejection(error: unknown): boolean {
  return error instanceof Error && /redirect was cancelled/i.test(error.message)
}

function shownLocation(header: string, requestUrl: string): string {
  let absolute: string
  try {
    absolute = new URL(header, requestUrl).href
  } catch {
    absolute = header
  }
  return absolute.length > MAX_SHOWN_LOCATION ? `${absolute.slice(0, MAX_SHOWN_LOCATION - 1)}…` : absolute
}

/** "redirected the token request to https://elsewhere.example/path (HTTP 307)", or without the target when unknown. */
export function describeRedirect(redirect: Redirect, what: string): string {
  const status = redirect.status === null ? '' : ` (HTTP ${redirect.status})`
  return redirect.location === null
    ? `redirected the ${what} elsewhere${status}`
    : `redirected the ${what} to ${redirect.location}${status}`
}
