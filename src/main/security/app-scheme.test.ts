import { join, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_URL, contentTypeFor, resolveAppPath } from './app-scheme'

const ROOT = resolve('/opt/app/out/renderer')

describe('resolveAppPath', () => {
  it.each([
    [APP_URL, 'index.html'],
    ['app://renderer/', 'index.html'],
    ['app://renderer/assets/index-8wCGssNl.js', 'assets/index-8wCGssNl.js'],
    ['app://renderer/assets/a%20b.css?v=1#x', 'assets/a b.css'],
    ['app://renderer/assets/../index.html', 'index.html']
  ])('serves %s from the renderer folder', (url, file) => {
    expect(resolveAppPath(url, ROOT)).toBe(join(ROOT, file))
  })

  it.each([
    ['an encoded slash', 'app://renderer/..%2f..%2fmain%2findex.js'],
    ['an encoded backslash', 'app://renderer/..%5c..%5cmain'],
    ['a backslash', 'app://renderer/..\\..\\main'],
    ['a NUL byte', 'app://renderer/index.html%00.png'],
    ['another host', 'app://evil/index.html'],
    ['another host through credentials', 'app://renderer@evil/index.html'],
    ['a port', 'app://renderer:80/index.html'],
    ['another scheme', 'file:///opt/app/out/renderer/index.html'],
    ['broken escapes', 'app://renderer/%E0%A4%A'],
    ['not a URL', 'renderer/index.html']
  ])('refuses %s', (_case, url) => {
    expect(resolveAppPath(url, ROOT)).toBeNull()
  })

  it('never leaves the folder, whatever the dots', () => {
    const paths = [
      '/..',
      '/../',
      '/../../',
      '/./../x',
      '/assets/../../x',
      '/..%252f',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%2E%2E/%2e%2E/main/index.js'
    ]
    for (const path of paths) {
      const file = resolveAppPath(`app://renderer${path}`, ROOT)
      expect(file === null || file.startsWith(`${ROOT}${sep}`), `${path} gave ${file}`).toBe(true)
    }
    // The URL parser folds encoded dots into the path before we see it: what is left is inside the folder.
    expect(resolveAppPath('app://renderer/%2e%2e/%2e%2e/etc/passwd', ROOT)).toBe(join(ROOT, 'etc/passwd'))
  })
})

describe('contentTypeFor', () => {
  it('serves the page, scripts and styles with their types, and anything else as bytes', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeFor('/x/a.css')).toBe('text/css; charset=utf-8')
    expect(contentTypeFor('/x/a.exe')).toBe('application/octet-stream')
  })
})
