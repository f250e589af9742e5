import type { ExportFormat } from '../shared/contract'
import type { RunNotification } from '../shared/schedules/schedule-notification'
import type { SecretStore } from './credentials/secret-store'
import type { DemoFaults } from './demo-api/demo-api'
import type { DemoDay } from './demo-api/demo-date'
import type { EarlyDemoApi } from './demo-api/early-demo-api'
import type { LookupSource } from './history/history-types'
import type { LogFolder } from './logging/diagnostics'
import type { Logger } from './logging/logger'
import type { KeepAwake } from './power/lookup-wake-lock'
import type { BackgroundEffects } from './background/background-mode'

/** Everything the outside world provides. Electron, the browser harness and the headless command each pass their own. */
export interface AppEffects {
  fetch: typeof fetch
  /**
   * Where each search's HTTP runs. `main` (the default): on main's thread (as `mainHttp` says), which
   * Electron's `net.fetch` requires (Chromium's network service does the HTTP). `search-thread`:
   * Node's own fetch on the search thread, which also reads the replies, so main only prepares each
   * request (address checked, token added) and takes its answers; Node's entries choose it.
   */
  searchHttp?: 'main' | 'search-thread'
  /**
   * How main's own requests go out: the token's, and the searches sent from main (every one with
   * `searchHttp: 'main'`, otherwise the first few, before the search thread runs). `fetch` (the
   * default): `fetch` above; the Electron entry keeps it, since `net.fetch` goes through
   * Chromium's network stack with the system's proxy settings and certificate store, which
   * node:https does not read. `node`: node:http(s), so main never loads Node's fetch (undici),
   * whose first use compiles it on main's thread (~100 ms of a lookup); Node's entries choose it.
   */
  mainHttp?: 'fetch' | 'node'
  now: () => number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Calls `fire` after `ms` (the schedules' timer); the returned function cancels it. Absent, the event loop's. */
  setTimer?: (ms: number, fire: () => void) => () => void
  /** The zone schedules' local times are read in; absent, the computer's. */
  timeZone?: () => string
  /** Calls `listener` when the computer wakes from sleep (Electron's powerMonitor); the returned function stops it. */
  onResume?: (listener: () => void) => () => void
  /**
   * Shows a notification after a scheduled run (already redacted): a desktop notification in the
   * app, the page's Notifications region in the preview; `open` is called when it is clicked.
   * Absent, nothing is shown.
   */
  notify?(notification: RunNotification, open: () => void): void
  /** Watchlists run on their schedules while this root runs: the app and its preview, never the headless command. */
  runSchedules?: boolean
  /**
   * History's reader thread starts with the root, off the window's path, instead of at the first long
   * read: nearly every session of the app reads long (a lookup's results, a watchlist's Since the last
   * run, Trends), and the first of them should not wait for a thread. Not the headless command's.
   */
  startHistoryReader?: boolean
  random?: () => number
  secretStore: SecretStore
  userDataDir: string
  log: Logger
  /** The native save dialog in the app (`png`: a chart the window drew); null when the user cancelled. */
  chooseExportPath(suggestedName: string, format: ExportFormat | 'png'): Promise<string | null>
  /** Called only with URLs that passed the external-link check. */
  openExternal(url: URL): Promise<void>
  /** The log file, for "Open log folder" and "Copy diagnostics"; absent where lines go to a terminal. */
  logs?: LogFolder
  /** Opens a folder in the system's file manager (the log folder). */
  openFolder?(path: string): Promise<void>
  /** The app's version, for the diagnostics. */
  appVersion?: string
  /** Keeps the computer from sleeping while lookups run (Electron's powerSaveBlocker); absent, nothing holds it. */
  keepAwake?: KeepAwake
  /** The tray and the login item (Electron's, or the harness's record of them); absent, the app never runs in the background. */
  background?: BackgroundEffects
  demoFaults?: Partial<DemoFaults>
  /** The Demo's day, from `STORE_INVENTORY_DEMO_DATE`; absent, the Demo's day is the local date of `now`. */
  demoDay?: DemoDay
  /** The headless command reads the app's settings and never changes them. */
  settingsReadOnly?: boolean
  /** Job runner tuning, for benchmarks and tests. */
  concurrency?: number
  /** The built worker thread script (Electron's build); elsewhere the TypeScript source runs through tsx. */
  workerEntry?: string
  /** The built script of the Demo API's thread (Electron's build), as `workerEntry`. */
  demoApiEntry?: string
  /** A Demo API the headless command started while its code loaded (`--env demo`), taken over by the first Demo use. */
  earlyDemoApi?: EarlyDemoApi
  /** The built script of History's thread (Electron's build), as `workerEntry`. */
  historyEntry?: string
  /** The built script of the thread that reads search replies (Electron's build), as `workerEntry`. */
  searchReplyEntry?: string
  /** `memory`: keep this session's lookups out of the History file, and no summary of their runs (the headless `--no-save`). */
  history?: 'file' | 'memory'
  /** Who starts lookups through this root, as History shows it. */
  source?: LookupSource
}
