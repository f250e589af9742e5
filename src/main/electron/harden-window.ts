import type { BrowserWindow, Session, WebPreferences } from 'electron'
import { toSafeExternalUrl } from '../security/external-url'
import { isAppPage } from '../security/trusted-sender'

/**
 * The page may load only its own bundle: main makes every HTTP call, so `connect-src 'self'`.
 * Inline styles are allowed because the data grid positions its rows with style attributes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // The renderer checks long lists in a worker loaded from its own files, never from a blob: or data: URL.
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/** The only web preferences an app window is created with. Packaged builds pass `devTools: false`. */
export function secureWebPreferences(preloadPath: string, { devTools }: { devTools: boolean }): WebPreferences {
  return {
    preload: preloadPath,
    devTools,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    // A file dropped outside the drop zone must not replace the app with the file's contents.
    navigateOnDragDrop: false,
    // Chromium's spellchecker downloads dictionaries from Google; the app has nothing to spell-check.
    spellcheck: false,
    safeDialogs: true
  }
}

export interface HardenOptions {
  /** The URL the window loads the app from; the only page it may show. */
  appUrl: string
  /** Opens an already-checked URL in the user's browser. */
  openExternal(url: URL): void
}

/**
 * One function hardens every window: no new windows (allowed links go to the user's browser
 * instead), no navigation or redirect away from the app page, no <webview>.
 */
export function hardenWindow(win: BrowserWindow, { appUrl, openExternal }: HardenOptions): void {
  const contents = win.webContents

  contents.setWindowOpenHandler(({ url }) => {
    const safe = toSafeExternalUrl(url)
    if (safe !== null) openExternal(safe)
    return { action: 'deny' }
  })

  const keepOnAppPage = (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => {
    if (isAppPage(event.url, appUrl)) return
    event.preventDefault()
    // A plain link to the docs is a request to read them: open it outside, where it belongs.
    const safe = event.isMainFrame ? toSafeExternalUrl(event.url) : null
    if (safe !== null) openExternal(safe)
  }
  contents.on('will-navigate', (event) => keepOnAppPage(event))
  contents.on('will-frame-navigate', (event) => keepOnAppPage(event))
  contents.on('will-redirect', (event) => {
    if (!isAppPage(event.url, appUrl)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/**
 * Denies every permission (camera, notifications, clipboard read, USB, ...) and sends the CSP
 * with the app's pages, in addition to the meta tag in index.html.
 */
export function hardenSession(session: Session, { addCspHeader }: { addCspHeader: boolean }): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
  if (!addCspHeader) return
  session.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' && details.resourceType !== 'subFrame') {
      callback({})
      return
    }
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] }
    })
  })
}
