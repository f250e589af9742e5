import type { IpcSender } from './ipc-sender'

export interface AppWindowIdentity {
  /** The id of the app window's webContents. */
  webContentsId: number
  /** The URL the app window was loaded from: `app://renderer/index.html` when built, the dev server's in development. */
  appUrl: string
}

/**
 * True only for the app's own window, its main frame, on the page the app loaded: not another
 * window, not an iframe, not a page the window was somehow navigated to.
 */
export function isTrustedSender(sender: IpcSender, app: AppWindowIdentity): boolean {
  if (sender.webContentsId === null || sender.webContentsId !== app.webContentsId) return false
  if (!sender.isMainFrame) return false
  return isAppPage(sender.frameUrl, app.appUrl)
}

/**
 * Whether `url` is the app's own page. On the app's own `app:` scheme (packaged builds) and for
 * `file:` pages the exact page must match (host and path); for http(s) (the dev server) the
 * origin must. Query and fragment are ignored: they do not change the page.
 */
export function isAppPage(url: string, appUrl: string): boolean {
  const frame = parse(url)
  const expected = parse(appUrl)
  if (frame === null || expected === null || frame.protocol !== expected.protocol) return false
  switch (expected.protocol) {
    case 'app:':
    case 'file:':
      return frame.host === expected.host && frame.pathname === expected.pathname
    case 'http:':
    case 'https:':
      return frame.origin === expected.origin
    default:
      return false
  }
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw)
  } catch {
    return null
  }
}
