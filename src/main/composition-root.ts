import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { JobState } from '../shared/domain/job-progress'
import type { AppEffects } from './app-effects'
import type { AppServices, RunningServices } from './app-services'
import { createCredentialsService } from './credentials/credentials-service'
import { createTargetResolver } from './credentials/target-resolver'
import { localDemoDay } from './demo-api/demo-date'
import { lazyDemoApi } from './demo-api/lazy-demo-api'
import { createExportService } from './files/export/export-service'
import { createImportService } from './files/import/import-service'
import { sweepTempFiles } from './files/temp-files'
import { postOverFetch } from './http/http-post'
import { postOverNode } from './http/node-http-post'
import { createCompareService } from './history/compare-service'
import { createHistoryStore } from './history/history-store'
import { applyHistoryRetention } from './history/history-retention'
import { createLookupResults } from './history/lookup-results'
import { openHistoryReader } from './history/open-history-reader'
import { createTrendsService } from './history/trends-service'
import { openHistoryWriter } from './history/open-history-writer'
import { createInventoryClient } from './inventory/inventory-client'
import { searchOnCallersThread } from './inventory/search-exchange'
import { searchFromThreadOnceRunning, startSearchReplyThread } from './inventory/search-reply-thread'
import { createChannelImplementations } from './ipc/channel-implementations'
import { createHandlerTable, type HandlerTable } from './ipc/handler-table'
import type { IpcSender } from './security/ipc-sender'
import { createJobRunner } from './jobs/job-runner'
import { createLookupService } from './jobs/lookup-service'
import { createDiagnostics } from './logging/diagnostics'
import type { Logger } from './logging/logger'
import { keepHeapsTight } from './memory/heap-growth'
import { holdYoungGeneration } from './memory/young-generation'
import { createLookupWakeLock } from './power/lookup-wake-lock'
import { createAppScheduler } from './schedules/app-scheduler'
import { createRunNotifier } from './schedules/run-notifier'
import { createSettingsStore } from './settings/settings-store'
import { createBackgroundMode } from './background/background-mode'
import { createTokenManager } from './token/token-manager'
import { createAppWatchlists } from './watchlists/app-watchlists'
import { createWorkerClient } from './workers/worker-client'
import type { ThreadStoppedError } from './workers/supervised-thread'
import { reportGoneProcess, type GoneProcess } from './logging/gone-process'

const ENDED_STATES: ReadonlySet<JobState> = new Set(['finished', 'cancelled', 'interrupted'])

export type AppEventListener = (channel: string, payload: unknown) => void

export interface AppRoot extends RunningServices {
  /** Serves the IPC contract; the transport supplies its own idea of a trusted sender. */
  createHandlers(isTrustedSender: (sender: IpcSender) => boolean): HandlerTable
  /** Events main pushes to the renderer (job progress). */
  onEvent(listener: AppEventListener): () => void
  /** One of Electron's processes ended (Electron's `child-process-gone`): logged, and the window is offered a reload. */
  processGone(gone: GoneProcess): void
}

/**
 * Builds every service from the effects it is given and starts them, for Electron's main, the
 * browser harness and the headless command alike. It only wires: what each step does lives in
 * the services.
 */
export async function createAppRoot(effects: AppEffects): Promise<AppRoot> {
  // Before any thread starts: a 200,000-value lookup otherwise leaves every heap several times larger than what it keeps.
  keepHeapsTight()
  // Main's young generation near 16 MB: V8's own growth to 64 MB and back left RSS creeping up run after run.
  holdYoungGeneration()
  const listeners = new Set<AppEventListener>()
  const { log } = effects
  const emit: AppEventListener = (channel, payload) => {
    const redacted = log.redactor.value(payload)
    for (const listener of listeners) listener(channel, redacted)
  }
  const { services, threads } = buildServices(effects, emit)
  await services.settings.load()
  await removeInterruptedWrites(effects)
  await applyHistoryRetention(threads.historyWriter, services.settings.current().settings, effects)
  checkLargeHistory(threads, log)
  // Before the schedules start: paused ones stay paused, and the tray is there for a window opened hidden.
  await services.background.refresh()
  const stopResume = startSchedules(effects, services.schedules)
  if (effects.startHistoryReader === true) threads.historyReader.warm()

  return {
    services,
    createHandlers: (isTrustedSender) =>
      createHandlerTable(createChannelImplementations(services, effects), {
        isTrustedSender,
        log,
        redact: (value) => log.redactor.value(value)
      }),
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    processGone(gone) {
      const problem = reportGoneProcess(log, gone)
      if (problem !== null) emit('app:problem', problem)
    },
    async close() {
      listeners.clear()
      stopResume()
      services.schedules.stop()
      // A lookup still running when the app closes can be resumed from History.
      await services.lookups.stopAll('interrupted')
      // Before History's threads stop: a run that just finished is still being summed up for its watchlist.
      await services.watchlists.close()
      threads.wakeLock.close()
      await threads.historyWriter.close()
      await threads.historyReader.close()
      threads.history.close()
      await Promise.all([threads.demo.close(), threads.worker.close(), threads.maintenance.close(), threads.replies.close()])
    }
  }
}

function buildServices(effects: AppEffects, emit: AppEventListener) {
  const { fetch, now, log } = effects
  const sleep = effects.sleep ?? defaultSleep
  const random = effects.random ?? Math.random

  const settings = createSettingsStore({
    dir: effects.userDataDir,
    log,
    readOnly: effects.settingsReadOnly === true,
    changed: (next) => {
      followBackground()
      emit('settings:changed', { settings: next, warning: settings.current().warning })
    }
  })
  const credentials = createCredentialsService({ secretStore: effects.secretStore, settings, log })
  // A thread that stops says so to the window; what it did for a running lookup is dealt with where the lookup runs.
  const tell = (error: ThreadStoppedError) => emit('app:problem', { message: error.message, reload: false })
  const demo = lazyDemoApi(
    {
      // Lookups sending to a Demo API whose thread stopped stop too, resumable: its server is gone.
      onGone(url, error) {
        tell(error)
        lookups.interruptSendingTo(url)
      },
      faults: effects.demoFaults ?? {},
      day: () => effects.demoDay ?? localDemoDay(now()),
      ...(effects.demoApiEntry === undefined ? {} : { entry: effects.demoApiEntry }),
      ...(effects.earlyDemoApi === undefined ? {} : { early: effects.earlyDemoApi })
    },
    log
  )
  const targets = createTargetResolver({ settings, credentials, log, demoUrl: async () => (await demo.forLookup()).url })
  const post = effects.mainHttp === 'node' ? postOverNode() : postOverFetch(fetch)
  const tokens = createTokenManager({ post, now, log })
  // Replies are read off main's thread; a reader that stops leaves the lookups reading through it Interrupted, resumable.
  const replies = startSearchReplyThread({
    log,
    redactor: log.redactor,
    entry: effects.searchReplyEntry,
    onStopped(error) {
      tell(error)
      void lookups.stopAll('interrupted')
    }
  })
  // Electron's net.fetch runs only on main, which moves each reply's bytes to the thread; Node's fetch runs on the thread
  // itself once it runs (a small lookup, its replies read in place, starts none).
  const transport =
    effects.searchHttp === 'search-thread' ? searchFromThreadOnceRunning(replies, post) : searchOnCallersThread(post, replies)
  const client = createInventoryClient({ fetch, tokens, log, now, transport })
  const history =
    effects.history === 'memory'
      ? createHistoryStore({ dir: null, log, now, summariseRuns: false })
      : createHistoryStore({ dir: effects.userDataDir, log, now })
  const historyWriter = openHistoryWriter(history, { now, log, entry: effects.historyEntry, onStopped: tell })
  const historyReader = openHistoryReader(history, { log, entry: effects.historyEntry, onStopped: tell })
  const wakeLock = createLookupWakeLock(effects.keepAwake ?? (() => () => undefined), log)
  const results = createLookupResults({ history, reader: historyReader })
  const comparisons = createCompareService({
    history,
    reader: historyReader,
    lowStockLevel: () => settings.current().settings.lowStockLevel
  })
  const worker = createWorkerClient({
    log,
    onStopped: tell,
    importsDir: join(effects.userDataDir, 'imports'),
    ...(effects.workerEntry === undefined ? {} : { entry: effects.workerEntry })
  })
  // A thread of its own for History's check, which may read gigabytes: imports and exports do not wait for it.
  const maintenance = createWorkerClient({
    log,
    onStopped: tell,
    ...(effects.workerEntry === undefined ? {} : { entry: effects.workerEntry })
  })
  const imports = createImportService(worker)
  /** Told when any lookup ends: a scheduled run refused by the cap on running lookups tries again. */
  const lookupEnded = new Set<() => void>()
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
      // What a running lookup found is read on History's reader thread (its results, then Since the last
      // run at its end): started with the lookup, the thread is ready when the window or the end asks.
      if (progress.state === 'running') historyReader.warm()
      emit('jobs:progress', progress)
      wakeLock.observe(progress)
      watchlists.observe(progress)
      if (ENDED_STATES.has(progress.state)) for (const listener of [...lookupEnded]) listener()
    },
    ...(effects.concurrency === undefined ? {} : { concurrency: effects.concurrency })
  })
  const lookups = createLookupService({ runner, targets, imports })
  const watchlists = createAppWatchlists({
    dir: effects.userDataDir,
    now,
    log,
    settings,
    history,
    reader: historyReader,
    lookups,
    imports,
    changed: () => {
      scheduler.refresh().catch((error: unknown) => log.warn('the schedules could not follow a change of the watchlists', { error }))
      followBackground()
    },
    // The run's end reached the window a moment before its figures reached the watchlist: the Watchlists screen asks again.
    recorded: () => emit('schedules:changed', null)
  })
  const notifier = createRunNotifier({
    watchlists,
    show: (notification) => effects.notify?.(notification, () => emit('notifications:open', { jobId: notification.jobId })),
    redact: (value) => log.redactor.value(value),
    log
  })
  const notifyAfter = (work: Promise<void>) =>
    work.catch((error: unknown) => log.warn('a notification after a scheduled run could not be made', { error }))
  const scheduler = createAppScheduler({
    dir: effects.userDataDir,
    now,
    setTimer: effects.setTimer ?? defaultSetTimer,
    timeZone: effects.timeZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    watchlists,
    onLookupEnded(listener) {
      lookupEnded.add(listener)
      return () => lookupEnded.delete(listener)
    },
    log,
    runEnded: (watchlistId, _request, progress) => void notifyAfter(notifier.ended(watchlistId, progress)),
    report: (outcome) => {
      if (outcome.kind === 'failed') void notifyAfter(notifier.failed(outcome.watchlistId, outcome.error))
    },
    changed: () => emit('schedules:changed', null)
  })
  const background = createBackgroundMode({ settings, watchlists, schedules: scheduler, effects: effects.background ?? null, log })
  function followBackground(): void {
    background.refresh().catch((error: unknown) => log.warn('the tray and login item could not follow the settings', { error }))
  }
  const exports = createExportService({
    history,
    reader: historyReader,
    worker,
    journalDir: effects.userDataDir,
    redactor: log.redactor,
    now
  })
  const diagnostics = createDiagnostics({
    settings,
    logs: effects.logs,
    openFolder: effects.openFolder?.bind(effects),
    appVersion: effects.appVersion ?? 'unknown',
    userDataDir: effects.userDataDir,
    now
  })

  const services: AppServices = {
    redactor: log.redactor,
    settings,
    credentials,
    tokens,
    targets,
    imports,
    lookups,
    history,
    historyWriter,
    results,
    comparisons,
    trends: createTrendsService({ reader: historyReader, history }),
    exports,
    watchlists,
    schedules: scheduler,
    background,
    diagnostics,
    demoApi: () => demo.get(),
    startupWarning() {
      const warnings = [settings.current().warning, history.warning].filter((warning): warning is string => warning !== null)
      return warnings.length === 0 ? null : warnings.join(' ')
    }
  }
  return { services, threads: { history, historyWriter, historyReader, worker, maintenance, demo, wakeLock, replies } }
}

type Threads = ReturnType<typeof buildServices>['threads']

/** Node's own abortable timer: rejects with an AbortError when `signal` aborts. */
function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sleep(ms, undefined, signal === undefined ? {} : { signal })
}

function defaultSetTimer(ms: number, fire: () => void): () => void {
  const timer = setTimeout(fire, ms)
  return () => clearTimeout(timer)
}

/** Schedules start once History and settings are ready; a wake from sleep looks at the clock again. */
function startSchedules(effects: AppEffects, scheduler: AppServices['schedules']): () => void {
  if (effects.runSchedules !== true) {
    scheduler.stop()
    return () => undefined
  }
  scheduler.begin().catch((error: unknown) => effects.log.error('the schedules could not start', { error }))
  return effects.onResume?.(() => scheduler.wake()) ?? (() => undefined)
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

/** A History file too large to check as it opened is checked on a worker thread while the app runs. */
function checkLargeHistory({ history, maintenance }: Threads, log: Logger): void {
  const path = history.uncheckedPath()
  if (path === null) return
  maintenance
    .run('checkHistory', { path })
    .then(({ problems }) => history.reportCheck(problems))
    .catch((error: unknown) => log.warn('the check of the history database did not finish', { error }))
}
