import { z } from 'zod'
import { formatNumber } from './format/numbers'

/**
 * The rules for an identity or inventory host, written once: Settings checks them as the user
 * types, main checks them on every settings change and on the headless command's flags. The
 * client secret and tokens go to these hosts, so they must be https (plain http only on this
 * computer, for local test servers) and carry nothing a URL can smuggle: no user name or
 * password, no query, no fragment.
 */
export const MAX_HOST_URL_LENGTH = 2048

/** Loopback addresses, as `URL` normalizes them (`http://2130706433` is `127.0.0.1`). */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/** Why `text` cannot be used as a host, in one sentence; null when it can. */
export function hostUrlProblem(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'Enter the address, such as https://developer.api.walmart.com.'
  if (trimmed.length > MAX_HOST_URL_LENGTH)
    return `The address is longer than ${formatNumber(MAX_HOST_URL_LENGTH)} characters; enter just the host.`
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return 'Enter a full address starting with https://, such as https://developer.api.walmart.com.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter an address starting with https://.'
  if (url.hostname === '') return 'Enter a full address starting with https://, such as https://developer.api.walmart.com.'
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
    return 'Use https://: plain http:// is allowed only for a server on this computer (127.0.0.1 or localhost).'
  }
  if (url.username !== '' || url.password !== '')
    return 'Remove the user name and password from the address; the app signs in with the client ID and secret.'
  if (trimmed.includes('?')) return 'Remove the part from "?" on: a host address has no query.'
  if (trimmed.includes('#')) return 'Remove the part from "#" on: a host address has no fragment.'
  return null
}

export const hostUrlSchema = z
  .string()
  .max(MAX_HOST_URL_LENGTH, `The address is longer than ${formatNumber(MAX_HOST_URL_LENGTH)} characters; enter just the host.`)
  .superRefine((value, context) => {
    const problem = hostUrlProblem(value)
    if (problem !== null) context.addIssue({ code: 'custom', message: problem })
  })

/** `https://host[:port]` of a host address that passed `hostUrlProblem`: what a secret is saved for. */
export function hostOrigin(hostUrl: string): string {
  return new URL(hostUrl.trim()).origin
}
