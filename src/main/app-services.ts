import type { BackgroundMode } from './background/background-mode'
import type { CredentialsService } from './credentials/credentials-service'
import type { TargetResolver } from './credentials/target-resolver'
import type { DemoApiThread } from './demo-api/demo-api-thread'
import type { ExportService } from './files/export/export-service'
import type { ImportService } from './files/import/import-service'
import type { CompareService } from './history/compare-service'
import type { HistoryStore } from './history/history-store'
import type { HistoryWriter } from './history/history-writer'
import type { LookupResults } from './history/lookup-results'
import type { TrendsService } from './history/trends-service'
import type { LookupService } from './jobs/lookup-service'
import type { Diagnostics } from './logging/diagnostics'
import type { AppScheduler } from './schedules/app-scheduler'
import type { Redactor } from './security/redactor'
import type { SettingsStore } from './settings/settings-store'
import type { TokenManager } from './token/token-manager'
import type { WatchlistService } from './watchlists/watchlist-service'

/**
 * What main's services offer the IPC handlers and the headless command: both call these same
 * functions, so neither copies what the other does. Built by the composition root.
 */
export interface AppServices {
  /** Knows every secret and token this process handled: whatever leaves main (exports included) passes through it. */
  redactor: Redactor
  settings: SettingsStore
  credentials: CredentialsService
  tokens: Pick<TokenManager, 'getToken'>
  /** Where a lookup of an environment is sent, with its secret. */
  targets: TargetResolver
  imports: ImportService
  lookups: LookupService
  /** History's short reads. */
  history: HistoryStore
  /** The changes to History the window asks for; lookups write theirs through the lookup service. */
  historyWriter: Pick<HistoryWriter, 'deleteLookup' | 'saveDraft'>
  /** A lookup's results as History keeps them, read off main's thread. */
  results: LookupResults
  comparisons: CompareService
  /** Trends over a set of runs, from their summaries, read off main's thread. */
  trends: TrendsService
  exports: ExportService
  /** Watchlists kept in the data folder, their runs (lookups labelled with them) and what each run found since the last. */
  watchlists: WatchlistService
  /** Runs watchlists on their schedules (in the app and its preview; stopped in the headless command). */
  schedules: AppScheduler
  /** The tray, the login item and the schedules' pause, following the settings. */
  background: BackgroundMode
  /** The log folder and what Copy diagnostics copies. */
  diagnostics: Diagnostics
  /** The built-in Demo API, started on first use. */
  demoApi(): Promise<DemoApiThread>
  /** What the user must know about their files: settings that could not be read, a history moved aside. */
  startupWarning(): string | null
}

/** The services while they run, and how to stop them: what an entry point gets from the composition root. */
export interface RunningServices {
  services: AppServices
  /** Interrupts the lookups still running (they can be resumed from History), then stops every thread. */
  close(): Promise<void>
}
