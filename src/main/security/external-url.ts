/**
 * The only sites the app will open in the user's browser: the API's developer portal and
 * documentation (walmart.com, including developer.walmart.com) and the Canadian and Mexican
 * inventory hosts' sites (walmartdataventures.ca / .mx), each with its subdomains.
 * Anything else is refused, so a link in an API error message or a compromised renderer cannot
 * send the user to an arbitrary site or launch another program.
 */
export const EXTERNAL_LINK_DOMAINS: readonly string[] = ['walmart.com', 'walmartdataventures.ca', 'walmartdataventures.mx']

export const MAX_EXTERNAL_URL_LENGTH = 2048

/**
 * The URL to hand to the OS, or null when it must not be opened. Only plain `https:` URLs on the
 * default port, without credentials, to an allowed domain. Input the URL parser would silently
 * repair (whitespace, control characters, backslashes) is refused rather than repaired, so what
 * is checked is exactly what was asked for. Plain `http:` is refused too: every allowed site serves
 * https, and a downgrade is only useful to someone in the middle.
 */
export function toSafeExternalUrl(raw: string): URL | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_EXTERNAL_URL_LENGTH) return null
  if (hasCharacterTheParserWouldRepair(raw)) return null
  if (!/^https:\/\//i.test(raw)) return null
  const authority = raw.slice('https://'.length).split(/[/?#]/, 1)[0] ?? ''
  if (authority.includes('@')) return null

  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null
  return isAllowedHost(url.hostname) ? url : null
}

/** Control characters, spaces (Unicode ones too) and backslashes: the URL parser strips or rewrites them. */
function hasCharacterTheParserWouldRepair(raw: string): boolean {
  for (const char of raw) {
    const code = char.codePointAt(0) ?? 0
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\' || /\s/u.test(char)) return true
  }
  return false
}

function isAllowedHost(hostname: string): boolean {
  const labels = hostname.split('.')
  // Punycode labels can spell look-alikes of allowed names; no allowed site needs them.
  if (labels.some((label) => label === '' || label.startsWith('xn--'))) return false
  return EXTERNAL_LINK_DOMAINS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`))
}
