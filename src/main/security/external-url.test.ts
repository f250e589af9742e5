import { describe, expect, it } from 'vitest'
import { MAX_EXTERNAL_URL_LENGTH, toSafeExternalUrl } from './external-url'

describe('toSafeExternalUrl', () => {
  it.each([
    'https://developer.walmart.com/',
    'https://developer.walmart.com/doc/us/mp/us-mp-items/',
    'https://walmart.com',
    'https://api.walmartdataventures.ca/docs?lang=fr#search',
    'https://walmartdataventures.mx/',
    'HTTPS://Developer.Walmart.COM/path'
  ])('opens %s', (raw) => {
    const url = toSafeExternalUrl(raw)
    expect(url).toBeInstanceOf(URL)
    expect(url?.protocol).toBe('https:')
  })

  it('returns the parsed URL in canonical form', () => {
    expect(toSafeExternalUrl('HTTPS://Developer.Walmart.COM/a/../b?q=1')?.href).toBe('https://developer.walmart.com/b?q=1')
    expect(toSafeExternalUrl('https://developer.walmart.com:443/x')?.href).toBe('https://developer.walmart.com/x')
  })

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: disguised as a path', 'javascript://developer.walmart.com/%0Aalert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['file: to a Windows share', 'file://attacker/share/evil.exe'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['plain http', 'http://developer.walmart.com/'],
    ['ftp', 'ftp://developer.walmart.com/'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['a scheme-relative URL', '//developer.walmart.com/'],
    ['a relative path', '/settings'],
    ['an empty string', ''],
    ['credentials', 'https://user:pw@developer.walmart.com/'],
    ['a user name only', 'https://user@developer.walmart.com/'],
    ['an empty user name', 'https://@developer.walmart.com/'],
    ['the allowed name as a user name', 'https://walmart.com@evil.com/'],
    ['the allowed name as a user name with a port', 'https://developer.walmart.com:443@evil.com/'],
    ['a look-alike suffix', 'https://developer.walmart.com.evil.com/'],
    ['a look-alike prefix', 'https://evilwalmart.com/'],
    ['a typo-squat', 'https://walrnart.com/'],
    ['a hyphenated look-alike', 'https://walmart-com.evil.com/'],
    ['punycode', 'https://xn--wlmart-4ve.com/'],
    ['a punycode subdomain', 'https://xn--dveloper-bya.walmart.com/'],
    ['a Unicode (Cyrillic a) look-alike', 'https://wаlmart.com/'],
    ['a trailing dot', 'https://walmart.com./'],
    ['an IP address', 'https://127.0.0.1/'],
    ['a non-default port', 'https://developer.walmart.com:8443/'],
    ['a leading space', ' https://developer.walmart.com/'],
    ['a trailing newline', 'https://developer.walmart.com/\n'],
    ['a tab inside the scheme', 'ht\ttps://developer.walmart.com/'],
    ['a newline inside the host', 'https://developer.wal\nmart.com/'],
    ['a NUL byte', 'https://developer.walmart.com/\u0000'],
    ['a C1 control', 'https://developer.walmart.com/\u0085'],
    ['a no-break space', 'https://developer.walmart.com/\u00a0x'],
    ['backslashes', 'https:\\\\developer.walmart.com\\'],
    ['a backslash before an at sign', 'https://evil.com\\@developer.walmart.com/'],
    ['a URL too long to be a real link', `https://developer.walmart.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`],
    ['not a URL at all', 'https://']
  ])('refuses %s', (_name, raw) => {
    expect(toSafeExternalUrl(raw)).toBeNull()
  })

  it('accepts a long but reasonable URL', () => {
    const raw = `https://developer.walmart.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH - 40)}`
    expect(toSafeExternalUrl(raw)?.hostname).toBe('developer.walmart.com')
  })

  it('refuses values that are not strings, as they may arrive from a renderer', () => {
    expect(toSafeExternalUrl(42 as unknown as string)).toBeNull()
    expect(toSafeExternalUrl(null as unknown as string)).toBeNull()
  })
})
