import { describe, expect, it } from 'vitest'
import type { IpcSender } from './ipc-sender'
import { APP_URL } from './app-scheme'
import { isAppPage, isTrustedSender } from './trusted-sender'

const packaged = { webContentsId: 7, appUrl: 'file:///opt/Store%20Inventory%20Lookup/resources/app.asar/out/renderer/index.html' }
const dev = { webContentsId: 3, appUrl: 'http://localhost:5173/' }

const fromApp: IpcSender = { webContentsId: 7, frameUrl: packaged.appUrl, isMainFrame: true }

describe('isTrustedSender', () => {
  it('trusts the app window main frame on the page the app loaded', () => {
    expect(isTrustedSender(fromApp, packaged)).toBe(true)
    expect(isTrustedSender({ ...fromApp, frameUrl: `${packaged.appUrl}#/results` }, packaged)).toBe(true)
    expect(isTrustedSender({ webContentsId: 3, frameUrl: 'http://localhost:5173/settings?x=1', isMainFrame: true }, dev)).toBe(true)
  })

  it.each<[string, IpcSender]>([
    ['another window', { ...fromApp, webContentsId: 8 }],
    ['a sender without a window', { ...fromApp, webContentsId: null }],
    ['a subframe of the app window', { ...fromApp, isMainFrame: false }],
    ['another local file', { ...fromApp, frameUrl: 'file:///tmp/evil.html' }],
    ['a file beside the app page', { ...fromApp, frameUrl: packaged.appUrl.replace('index.html', 'other.html') }],
    ['a file on another host (UNC share)', { ...fromApp, frameUrl: packaged.appUrl.replace('file:///', 'file://attacker/') }],
    ['a web page', { ...fromApp, frameUrl: 'https://evil.example/' }],
    ['about:blank', { ...fromApp, frameUrl: 'about:blank' }],
    ['a data: page', { ...fromApp, frameUrl: 'data:text/html,hi' }],
    ['an empty URL', { ...fromApp, frameUrl: '' }],
    ['garbage', { ...fromApp, frameUrl: 'not a url' }]
  ])('refuses %s', (_name, sender) => {
    expect(isTrustedSender(sender, packaged)).toBe(false)
  })

  it.each([
    ['another port', 'http://localhost:5174/'],
    ['another host', 'http://127.0.0.2:5173/'],
    ['https instead of http', 'https://localhost:5173/'],
    ['a look-alike host', 'http://localhost.evil.com:5173/']
  ])('refuses a dev-server page from %s', (_name, frameUrl) => {
    expect(isTrustedSender({ webContentsId: 3, frameUrl, isMainFrame: true }, dev)).toBe(false)
  })

  it("trusts the app's own app:// page and nothing else on that scheme", () => {
    const built = { webContentsId: 1, appUrl: APP_URL }
    expect(isTrustedSender({ webContentsId: 1, frameUrl: `${APP_URL}#/settings`, isMainFrame: true }, built)).toBe(true)
    for (const frameUrl of [
      'app://renderer/assets/evil.html',
      'app://other/index.html',
      'file:///index.html',
      'app://renderer.evil/index.html'
    ]) {
      expect(isTrustedSender({ webContentsId: 1, frameUrl, isMainFrame: true }, built)).toBe(false)
    }
  })

  it('refuses everything when the app URL uses a scheme it does not know', () => {
    const custom = { webContentsId: 1, appUrl: 'bundle://app/index.html' }
    expect(isTrustedSender({ webContentsId: 1, frameUrl: 'bundle://app/index.html', isMainFrame: true }, custom)).toBe(false)
  })
})

describe('isAppPage', () => {
  it('accepts the app page itself, with any query or fragment, and nothing else', () => {
    expect(isAppPage(`${packaged.appUrl}?reload=1#/x`, packaged.appUrl)).toBe(true)
    expect(isAppPage('file:///opt/other/index.html', packaged.appUrl)).toBe(false)
    expect(isAppPage('https://developer.walmart.com/', packaged.appUrl)).toBe(false)
    expect(isAppPage('http://localhost:5173/src/main.tsx', dev.appUrl)).toBe(true)
    expect(isAppPage('http://localhost:5173.evil.com/', dev.appUrl)).toBe(false)
  })
})
