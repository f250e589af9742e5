import { join } from 'node:path'
import { app, BrowserWindow, dialog, Menu, nativeImage, net, powerMonitor, powerSaveBlocker, screen, session, shell } from 'electron'
import type { ExportFormat } from '../../shared/contract'
import { createAppRoot, type AppRoot } from '../composition-root'
// electron-vite bundles the worker thread's script as its own file and gives its path here.
import workerEntry from '../workers/worker-main?modulePath'
import demoApiEntry from '../demo-api/demo-api-thread-main?modulePath'
import historyEntry from '../history/history-thread-main?modulePath'
import searchReplyEntry from '../inventory/search-reply-thread-main?modulePath'
// Copied next to the built main process, so the same path works in `npm start`, `npm run dev` and the package.
import iconPath from '../../../build/icon.png?asset'
import { createKeytarSecretStore } from '../credentials/keytar-secret-store'
import { demoDateFromEnv, type DemoDay } from '../demo-api/demo-date'
import { openLogFile } from '../logging/log-file'
import { createLogger } from '../logging/logger'
import { APP_URL } from '../security/app-scheme'
import { toSafeExternalUrl } from '../security/external-url'
import { refusedStartupSwitch } from '../security/startup-switches'
import { isTrustedSender } from '../security/trusted-sender'
import { applicationMenuTemplate } from './app-menu'
import { createTrayEffects, OPENED_HIDDEN_ARG } from './background-tray'
import { showDesktopNotification } from './desktop-notification'
import { registerAppScheme, serveAppScheme } from './app-protocol'
import { hardenSession, hardenWindow, secureWebPreferences } from './harden-window'
import { cleanUpWithin, QUIT_CLEANUP_DEADLINE_MS } from './quit-deadline'
import { answerOf, CLOSE_WITH_UNSAVED_SETTINGS, QUIT_WHILE_RUNNING, WINDOW_GONE, type Question } from './questions'
import { registerIpc } from './register-ipc'
import { needsDockIcon, windowIconOptions } from './window-icon'
import { DEFAULT_WINDOW_SIZE, fitBoundsToDisplays, trackWindowBounds } from './window-state'

/**
 * The Electron edge: app lifecycle, the window, and Electron's versions of the effects the
 * composition root needs. Everything else is the same code the browser harness and the headless
 * command run.
 */

const EXPORT_FILTERS: Record<ExportFormat | 'png', Electron.FileFilter> = {
  png: { name: 'PNG image', extensions: ['png'] },
  csv: { name: 'CSV (comma-separated values)', extensions: ['csv'] },
  xlsx: { name: 'Excel workbook', extensions: ['xlsx'] },
  json: { name: 'JSON', extensions: ['json'] }
}

/** electron-vite sets this only for `npm run dev`; a packaged app always loads its own files. */
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
/** Built pages come from the app's own privileged scheme, never from `file://`. */
const appUrl = devServerUrl ?? APP_URL
const rendererDir = join(import.meta.dirname, '../renderer')
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')

registerAppScheme()

const demoDate = demoDateFromEnv(process.env)

// Only the tests run Electron without its OS sandbox or with a debugger attached; a packaged build refuses to.
const refused = refusedStartupSwitch({
  isPackaged: app.isPackaged,
  argv: process.argv,
  platform: process.platform,
  hasSwitch: (name) => app.commandLine.hasSwitch(name)
})
if (refused !== null) {
  dialog.showErrorBox(refused.title, refused.message)
  app.exit(1)
} else if (!demoDate.ok) {
  dialog.showErrorBox('Store Inventory Lookup could not start', demoDate.message)
  app.exit(1)
} else if (!app.requestSingleInstanceLock()) {
  // The running instance brings its window to the front (see 'second-instance').
  app.quit()
} else {
  runApp(demoDate.day)
}

/** `demoDay`: the Demo's day set at start, or null to follow the clock. */
function runApp(demoDay: DemoDay | null): void {
  const logFile = openLogFile({ dir: app.getPath('logs') })
  // Whatever ends the process, the queued lines are written first (they may say why it ended).
  process.once('exit', () => logFile.flushSync())
  const log = createLogger((line) => {
    logFile.write(line)
    if (!app.isPackaged) process.stderr.write(`${line}\n`)
  })
  let win: BrowserWindow | null = null
  let root: AppRoot | null = null
  let windowState: ReturnType<typeof trackWindowBounds> | null = null
  let quitting = false
  let quitAgreed = false
  /** Quit was chosen (and agreed to): the window closes instead of hiding in the tray. */
  let quitRequested = false
  /** Started by the login item: the window stays hidden while the app keeps running in the tray. */
  const openedHidden =
    process.argv.includes(OPENED_HIDDEN_ARG) || (process.platform !== 'linux' && app.getLoginItemSettings().wasOpenedAtLogin)
  const keepsRunning = () => root?.services.background.keepsRunning() ?? false

  /** Asks `question` in the OS's message box, over the window while there is one; returns the button chosen. */
  function ask<Q extends Question>(question: Q): Q['buttons'][number] | undefined {
    const options: Electron.MessageBoxSyncOptions = { ...question, buttons: [...question.buttons] }
    const choice = win === null || win.isDestroyed() ? dialog.showMessageBoxSync(options) : dialog.showMessageBoxSync(win, options)
    return answerOf(question, choice)
  }

  /** Quitting while a lookup runs asks first; the lookup is then interrupted, to be resumed from History. True: not now. */
  function askBeforeQuitting(event: Electron.Event): boolean {
    if (quitAgreed || root === null || root.services.lookups.runningCount() === 0) return false
    event.preventDefault()
    if (ask(QUIT_WHILE_RUNNING) !== 'Quit') return true
    quitAgreed = true
    app.quit()
    return true
  }

  /** Brings the window to the front, opening it again if it was closed (the tray's Open, a second start). */
  function showWindow(): void {
    if (win === null || win.isDestroyed()) {
      if (root !== null) void createWindow(root).catch((error: unknown) => fail(error))
      return
    }
    if (win.isMinimized()) win.restore()
    if (!win.isVisible()) win.show()
    win.moveTop()
    win.focus()
    if (process.platform === 'darwin') app.focus({ steal: true })
  }

  const openExternal = (url: URL) => {
    // Checked again here, whoever asked: this is the last step before another program runs.
    const safe = toSafeExternalUrl(url.href)
    if (safe === null) return Promise.resolve()
    return shell.openExternal(safe.href).catch((error: unknown) => log.warn('the browser could not be opened', { error }))
  }

  async function createWindow(appRoot: AppRoot): Promise<void> {
    const saved = fitBoundsToDisplays(
      appRoot.services.settings.current().settings.window,
      [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((display) => display.workArea)
    )
    const window = new BrowserWindow({
      ...(saved === null ? DEFAULT_WINDOW_SIZE : { x: saved.x, y: saved.y, width: saved.width, height: saved.height }),
      minWidth: 720,
      minHeight: 480,
      show: false,
      title: 'Store Inventory Lookup',
      backgroundColor: '#ffffff',
      autoHideMenuBar: true,
      ...windowIconOptions(process.platform, iconPath),
      webPreferences: secureWebPreferences(preloadPath, { devTools: !app.isPackaged })
    })
    win = window
    hardenWindow(window, { appUrl, openExternal: (url) => void openExternal(url) })
    windowState = trackWindowBounds(window, appRoot.services.settings, log)
    window.once('ready-to-show', () => {
      if (saved?.maximized === true) window.maximize()
      if (!(openedHidden && keepsRunning())) window.show()
    })
    window.on('close', (event) => {
      // Kept running in the background, closing the window leaves the app in the tray, schedules running.
      if (keepsRunning() && !quitRequested) {
        event.preventDefault()
        window.hide()
        return
      }
      // Otherwise closing the window quits (but on macOS), so it asks first too while a lookup runs.
      if (process.platform !== 'darwin') askBeforeQuitting(event)
    })
    window.on('closed', () => {
      if (win === window) win = null
    })
    // The window refuses to unload while Settings has unsaved edits (its beforeunload): ask, as leaving Settings does.
    window.webContents.on('will-prevent-unload', (event) => {
      if (ask(CLOSE_WITH_UNSAVED_SETTINGS) === 'Close without saving') event.preventDefault()
    })
    window.webContents.on('render-process-gone', (_event, details) => {
      log.error('the window crashed', { reason: details.reason, exitCode: details.exitCode })
      if (details.reason !== 'clean-exit' && !window.isDestroyed() && ask(WINDOW_GONE) === 'Reload') window.webContents.reload()
    })
    await window.loadURL(appUrl)
  }

  // A second start finds this instance holding the lock and quits; this brings our window to the front instead.
  app.on('second-instance', showWindow)

  // Any web contents, not just the app window: no <webview>, no pop-ups.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' && !keepsRunning()) app.quit()
  })

  app.on('activate', () => {
    if (win === null && root !== null) void createWindow(root).catch((error: unknown) => fail(error))
  })

  app.on('before-quit', (event) => {
    if (!askBeforeQuitting(event)) quitRequested = true
  })

  // The GPU, network or another helper process ended: logged, and the window (still there) offers a reload.
  app.on('child-process-gone', (_event, details) => {
    root?.processGone({ type: details.type, reason: details.reason, exitCode: details.exitCode, name: details.name })
  })

  app.on('will-quit', (event) => {
    if (quitting || root === null) return
    quitting = true
    event.preventDefault()
    const closing = root
    root = null
    const bounds = windowState
    void cleanUpWithin([async () => bounds?.flush(), () => closing.close()], QUIT_CLEANUP_DEADLINE_MS).then((outcome) => {
      if (outcome === 'deadline')
        log.warn('cleanup before quitting took longer than the deadline; quitting anyway', { deadlineMs: QUIT_CLEANUP_DEADLINE_MS })
      logFile.flushSync()
      app.exit(0)
    })
  })

  function fail(error: unknown): void {
    log.error('the app could not start', { error })
    logFile.flushSync()
    dialog.showErrorBox(
      'Store Inventory Lookup could not start',
      'Something went wrong while starting. The details were written to the log file.'
    )
    app.exit(1)
  }

  void app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession, { addCspHeader: devServerUrl === undefined })
      if (devServerUrl === undefined) serveAppScheme(session.defaultSession, rendererDir)
      Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate({ isPackaged: app.isPackaged, platform: process.platform })))
      if (needsDockIcon(process.platform, app.isPackaged)) app.dock?.setIcon(nativeImage.createFromPath(iconPath))
      const appRoot = await createAppRoot({
        // Every request main makes carries credentials or answers for them: none follows a redirect, whoever built it.
        fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, { ...init, redirect: 'manual' }),
        // net.fetch runs only on main: the searches' HTTP stays here, their replies are read on the search thread.
        searchHttp: 'main',
        mainHttp: 'fetch',
        now: Date.now,
        secretStore: createKeytarSecretStore({ log }),
        userDataDir: app.getPath('userData'),
        log,
        chooseExportPath: async (suggestedName, format) => {
          const options: Electron.SaveDialogOptions = {
            defaultPath: join(app.getPath('documents'), suggestedName),
            filters: [EXPORT_FILTERS[format]]
          }
          const result = win === null ? await dialog.showSaveDialog(options) : await dialog.showSaveDialog(win, options)
          return result.canceled || result.filePath === '' ? null : result.filePath
        },
        openExternal,
        logs: logFile,
        openFolder: async (path) => {
          // shell.openPath answers with an error message, or '' when the folder opened.
          const problem = await shell.openPath(path)
          if (problem !== '') throw new Error(problem)
        },
        appVersion: app.getVersion(),
        // The system stays awake for a long lookup; the screen may still turn off.
        keepAwake: () => {
          const id = powerSaveBlocker.start('prevent-app-suspension')
          return () => {
            if (powerSaveBlocker.isStarted(id)) powerSaveBlocker.stop(id)
          }
        },
        background: createTrayEffects({
          iconPath,
          openWindow: showWindow,
          quit: () => app.quit(),
          choose: (action) => void root?.services.background.choose(action),
          log
        }),
        // A slot that passed while the computer slept runs once as it wakes.
        runSchedules: true,
        startHistoryReader: true,
        onResume: (listener) => {
          powerMonitor.on('resume', listener)
          return () => powerMonitor.off('resume', listener)
        },
        notify: (notification, open) =>
          showDesktopNotification(notification, () => {
            // The window comes forward to show the run the notification was about.
            if (win !== null && !win.isDestroyed()) {
              if (win.isMinimized()) win.restore()
              win.show()
              win.focus()
            }
            open()
          }),
        ...(demoDay === null ? {} : { demoDay }),
        workerEntry,
        demoApiEntry,
        historyEntry,
        searchReplyEntry
      })
      root = appRoot
      const handlers = appRoot.createHandlers(
        (sender) => win !== null && !win.isDestroyed() && isTrustedSender(sender, { webContentsId: win.webContents.id, appUrl })
      )
      registerIpc(handlers)
      appRoot.onEvent((channel, payload) => {
        if (win !== null && !win.isDestroyed()) win.webContents.send(channel, payload)
      })
      await createWindow(appRoot)
    })
    .catch(fail)
}
