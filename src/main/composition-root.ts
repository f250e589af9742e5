import { setTimeout as sleep } from 'node:timers/promises'
import type { EnvironmentId } from '../shared/domain/item-type'
import type { ExportFormat } from '../shared/contract'
import { createCredentialsService } from './credentials/credentials-service'
import type { SecretStore } from './credentials/secret-store'
import { createTargetResolver, type TargetOverrides } from './credentials/target-resolver'
import type { DemoFaults } from './demo-api/demo-api'
import { localDemoDay, type DemoDay } from './demo-api/demo-date'
import { lazyDemoApi } from './demo-api/lazy-demo-api'
import { createCompareService } from './history/compare-service'
import { createHistoryStore } from './history/history-store'
import { openHistoryWriter } from './history/open-history-writer'
import { openHistoryReader } from './history/open-history-reader'
import { createLookupResults } from './history/lookup-results'
import type { LookupSource } from './history/history-types'
import { createHandlerTable, type HandlerTable } from './ipc/handler-table'
import type { IpcSender } from './ipc/ipc-sender'
import { createInventoryClient } from './inventory/inventory-client'
import { createJobRunner } from './jobs/job-runner'
import { createLookupService } from './jobs/lookup-service'
import { createImportService } from './files/import/import-service'
import { keepHeapsTight } from './memory/heap-growth'
import { createDiagnostics, type LogFolder } from './logging/diagnostics'
import type { Logger } from './logging/logger'
import { createSettingsStore } from './settings/settings-store'
import { createTokenManager } from './token/token-manager'
import { createLookupWakeLock, type KeepAwake } from './power/lookup-wake-lock'
import { createChannelImplementations } from './ipc/channel-implementations'
import { createWorkerClient } from './workers/worker-client'
import { createExportService } from './files/export/export-service'
import { sweepTempFiles } from './files/temp-files'

/** Everything the outside world provides. Electron, the browser harness and the headless command each pass their own. */
export interface AppEffects {
  fetch: typeof fetch
  now: () => number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  random?: () => number
  secretStore: SecretStore
  userDataDir: string
  log: Logger
  /** The native save dialog in the app; null when the user cancelled. */
  chooseExportPath(suggestedName: string, format: ExportFormat): Promise<string | null>
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
  /** The built script of History's thread (Electron's build), as `workerEntry`. */
  historyEntry?: string
  /** `memory`: keep this session's lookups out of the History file (the headless `--no-save`). */
  history?: 'file' | 'memory'
  /** Who starts lookups through this root, as History shows it. */
  source?: LookupSource
}

export type AppEventListener = (channel: string, payload: unknown) => void

export type AppServices = ReturnType<typeof buildServices>

export interface AppRoot {
  services: AppServices
  /** Serves the IPC contract; the transport supplies its own idea of a trusted sender. */
  createHandlers(isTrustedSender: (sender: IpcSender) => boolean): HandlerTable
  /** Events main pushes to the renderer (job progress). */
  onEvent(listener: AppEventListener): () => void
  close(): Promise<void>
}

export async function createAppRoot(effects: AppEffects): Promise<AppRoot> {
  // Before any thread starts: a 200,000-value lookup otherwise leaves every heap several times larger than what it keeps.
  keepHeapsTight()
  const listeners = new Set<AppEventListener>()
  const { redactor } = effects.log
  const emit: AppEventListener = (channel, payload) => {
    const redacted = redactor.value(payload)
    for (const listener of listeners) listener(channel, redacted)
  }
  const services = buildServices(effects, emit)
  await services.settings.load()
  services.credentials.adoptStartupHosts()
  await removeInterruptedWrites(effects)
  const retentionDays = services.settings.current().settings.historyRetentionDays
  try {
    const removed = await services.historyWriter.purgeStartedBefore(effects.now() - retentionDays * 86_400_000)
    if (removed > 0) effects.log.info('old lookups removed from History', { lookups: removed })
  } catch (error) {
    // Old lookups stay until the next start; the app is still usable.
    effects.log.error('old lookups could not be removed from History', { error })
  }
  checkLargeHistory(services, effects.log)

  return {
    services,
    createHandlers: (isTrustedSender) =>
      createHandlerTable(createChannelImplementations(services, effects), {
        isTrustedSender,
        log: effects.log,
        redact: (value) => redactor.value(value)
      }),
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      listeners.clear()
      // A lookup still running when the app closes can be resumed from History.
      await services.lookups.stopAll('interrupted')
      services.wakeLock.close()
      await services.historyWriter.close()
      await services.historyReader.close()
      services.history.close()
      await Promise.all([services.closeDemo(), services.worker.close(), services.maintenance.close()])
    }
  }
}

function buildServices(effects: AppEffects, emit: AppEventListener) {
  const { fetch, now, log } = effects
  const sleep = effects.sleep ?? defaultSleep
  const random = effects.random ?? Math.random

  const settings = createSettingsStore({ dir: effects.userDataDir, log, readOnly: effects.settingsReadOnly === true })
  const credentials = createCredentialsService({ secretStore: effects.secretStore, settings, log })
  const demo = lazyDemoApi(
    {
      faults: effects.demoFaults ?? {},
      day: () => effects.demoDay ?? localDemoDay(now()),
      ...(effects.demoApiEntry === undefined ? {} : { entry: effects.demoApiEntry })
    },
    log
  )
  const targets = createTargetResolver({ settings, credentials, log, demoUrl: async () => (await demo.forLookup()).url })
  const tokens = createTokenManager({ fetch, now, log })
  const client = createInventoryClient({ fetch, tokens, log, now })
  const history = createHistoryStore({ dir: effects.history === 'memory' ? null : effects.userDataDir, log, now })
  const historyWriter = openHistoryWriter(history, { now, log, entry: effects.historyEntry })
  const historyReader = openHistoryReader(history, { log, entry: effects.historyEntry })
  const wakeLock = createLookupWakeLock(effects.keepAwake ?? (() => () => undefined), log)
  const results = createLookupResults({ history, reader: historyReader })
  const comparisons = createCompareService({
    history,
    reader: historyReader,
    lowStockLevel: () => settings.current().settings.lowStockLevel
  })
  const runner = createJobRunner({
    client,
    history,
    writer: historyWriter,
    source: effects.source ?? 'app',
    now,
    sleep,
    random,
    log,
    onProgress: (progress) => {
      emit('jobs:progress', progress)
      wakeLock.observe(progress)
    },
    ...(effects.concurrency === undefined ? {} : { concurrency: effects.concurrency })
  })

  const worker = createWorkerClient({ log, ...(effects.workerEntry === undefined ? {} : { entry: effects.workerEntry }) })
  // A thread of its own for History's check, which may read gigabytes: imports and exports do not wait for it.
  const maintenance = createWorkerClient({ log, ...(effects.workerEntry === undefined ? {} : { entry: effects.workerEntry }) })
  const imports = createImportService(worker)
  const lookups = createLookupService({ runner, targets, imports })
  const exports = createExportService({ history, results, worker, journalDir: effects.userDataDir, redactor: log.redactor })

  const diagnostics = createDiagnostics({
    settings,
    logs: effects.logs,
    openFolder: effects.openFolder?.bind(effects),
    appVersion: effects.appVersion ?? 'unknown',
    userDataDir: effects.userDataDir,
    now
  })

  /** What the user must know about their files: settings that could not be read, a history moved aside. */
  function startupWarning(): string | null {
    const warnings = [settings.current().warning, history.warning].filter((warning): warning is string => warning !== null)
    return warnings.length === 0 ? null : warnings.join(' ')
  }

  return {
    /** Knows every secret and token this process handled: whatever leaves main (exports included) passes through it. */
    redactor: log.redactor,
    settings,
    history,
    historyWriter,
    historyReader,
    maintenance,
    results,
    comparisons,
    startupWarning,
    diagnostics,
    credentials,
    tokens,
    client,
    imports,
    lookups,
    wakeLock,
    worker,
    exports,
    /** The built-in Demo API, started on first use. */
    demoApi: () => demo.get(),
    /** Where to send a search for an environment, with the secret read from the keychain at the last moment. */
    resolveTarget: (environment: EnvironmentId, overrides?: TargetOverrides) => targets.resolve(environment, overrides),
    closeDemo: () => demo.close()
  }
}

/** A History file too large to check as it opened is checked on a worker thread while the app runs. */
function checkLargeHistory(services: AppServices, log: Logger): void {
  const path = services.history.uncheckedPath()
  if (path === null) return
  services.maintenance
    .run('checkHistory', { path })
    .then(({ problems }) => services.history.reportCheck(problems))
    .catch((error: unknown) => log.warn('the check of the history database did not finish', { error }))
}

/** Node's own abortable timer: rejects with an AbortError when `signal` aborts. */
function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sleep(ms, undefined, signal === undefined ? {} : { signal })
}

/** Temporary files a crashed or killed run left behind (its settings, its exports) go at the next start. */
async function removeInterruptedWrites(effects: AppEffects): Promise<void> {
  try {
    const removed = await sweepTempFiles(effects.userDataDir)
    if (removed > 0) effects.log.info('removed temporary files of interrupted writes', { removed })
  } catch (error) {
    effects.log.warn('temporary files of interrupted writes could not be removed', { error })
  }
}
