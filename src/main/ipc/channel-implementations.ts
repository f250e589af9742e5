import { draftSchema, type ExportFormat } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { AppEffects } from '../app-effects'
import type { AppServices } from '../app-services'
import { describeWriteFailure } from '../files/export/write-failure'
import { lookupIdOf } from '../history/lookup-id'
import { toLookupSummary } from '../history/to-lookup-summary'
import { toSafeExternalUrl } from '../security/external-url'
import type { ChannelImplementations } from './handler-table'
import { createWatchlistChannels } from './watchlist-channels'

/**
 * Entries per `getJobResults` answer: the window reads page after page, and main never spends more
 * than a few milliseconds on one answer (200,000 entries in one answer held main for seconds).
 */
export const RESULTS_PAGE_ENTRIES = 1_000
/** Compared values per `compareLookups` answer: a row is a few numbers and words, far smaller than a result. */
export const COMPARE_PAGE_ROWS = 5_000

/** What each contract entry does, in terms of the services. Kept thin: logic lives in the services. */
export function createChannelImplementations(
  services: AppServices,
  effects: Pick<AppEffects, 'chooseExportPath' | 'openExternal' | 'log'>
): ChannelImplementations {
  const { settings, credentials, lookups, history, exports, comparisons } = services
  const withWarnings = () => ({ settings: settings.current().settings, warning: services.startupWarning() })

  /** Asks where to save, then writes there; a failure the worker did not put in words gets its sentence here. */
  async function saveExport(
    what: string,
    suggestedName: string,
    format: ExportFormat | 'png',
    write: (path: string) => Promise<{ rows: number }>
  ): Promise<{ saved: true; path: string; rows: number } | { saved: false }> {
    const path = await effects.chooseExportPath(suggestedName, format)
    if (path === null) return { saved: false }
    try {
      const { rows } = await write(path)
      return { saved: true, path, rows }
    } catch (error) {
      if (error instanceof AppError) throw error
      effects.log.error(`${what} failed`, { error })
      throw describeWriteFailure(error, path)
    }
  }

  return {
    getSettings: async () => withWarnings(),
    updateSettings: async (patch) => {
      await settings.update(patch)
      return withWarnings()
    },
    getCredentialStatus: ({ environment }) => credentials.status(environment),
    saveSecret: ({ environment, clientId, secret }) => credentials.save(environment, clientId, secret),
    removeSecret: ({ environment }) => credentials.remove(environment),
    testConnection: async ({ environment }) => {
      const target = await services.targets.resolve(environment)
      const { expiresAt } = await services.tokens.getToken(target)
      return { environment, validUntil: new Date(expiresAt).toISOString() }
    },
    readImportFile: (file) => services.imports.read({ ...file, keep: true }),
    readImportColumn: (source) => services.imports.column(source),
    exportResults: ({ jobId, format, csvSeparator, view }) =>
      saveExport('export', exports.resultsFileName(jobId, view.view, format), format, (path) =>
        exports.writeResults(jobId, view, path, format, csvSeparator)
      ),
    startJob: (request) => lookups.start(request),
    cancelJob: async ({ jobId }) => lookups.cancel(jobId),
    retryFailed: ({ jobId }) => lookups.retryFailed(jobId),
    // Bytes pass the boundary's redaction as data: the page's text is checked where it is read, with
    // everything main's redactor knows, so a row stored before items were redacted where replies are
    // read (or a value typed as the secret) never reaches the window, and main never decodes the page.
    getJobResults: ({ jobId, from }) => services.results.encodedPage(jobId, from, RESULTS_PAGE_ENTRIES, services.redactor.known()),
    listLookups: async ({ search, before, limit }) => {
      const wanted = limit ?? 100
      const page = history.list({
        ...(search === undefined ? {} : { search }),
        ...(before === undefined ? {} : { beforeId: lookupIdOf(before) }),
        limit: wanted + 1
      })
      return {
        lookups: page
          .slice(0, wanted)
          .map((lookup) => toLookupSummary(lookup, lookups.isRunning(String(lookup.id)), history.origin(lookup.id))),
        more: page.length > wanted,
        databaseBytes: history.sizeBytes(),
        databasePath: history.path,
        warning: history.warning
      }
    },
    openLookup: async ({ jobId }) => lookups.progress(jobId),
    deleteLookup: async ({ jobId }) => {
      comparisons.forget()
      return { deleted: await services.historyWriter.deleteLookup(lookupIdOf(jobId)) }
    },
    compareLookups: async ({ thenJobId, nowJobId, from, lowStockLevel }) => {
      const { then, now, rows, counts } = await comparisons.compare(lookupIdOf(thenJobId), lookupIdOf(nowJobId), lowStockLevel)
      const start = Math.min(from, rows.length)
      const page = rows.slice(start, start + COMPARE_PAGE_ROWS)
      return {
        then: toLookupSummary(then, lookups.isRunning(String(then.id)), history.origin(then.id)),
        now: toLookupSummary(now, lookups.isRunning(String(now.id)), history.origin(now.id)),
        counts,
        total: rows.length,
        rows: page,
        next: start + page.length
      }
    },
    exportComparison: async ({ thenJobId, nowJobId, format, csvSeparator, columns, rows, lowStockLevel }) => {
      const comparison = await comparisons.compare(lookupIdOf(thenJobId), lookupIdOf(nowJobId), lowStockLevel)
      return saveExport('export of a comparison', exports.comparisonFileName(comparison, format), format, (path) =>
        exports.writeComparison(comparison, path, format, { rows, columns }, csvSeparator)
      )
    },
    resumeLookup: ({ jobId }) => lookups.resume(jobId),
    previousLookup: async ({ jobId }) => {
      const previous = history.previous(lookupIdOf(jobId))
      return {
        previous: previous === null ? null : toLookupSummary(previous, lookups.isRunning(String(previous.id)), history.origin(previous.id))
      }
    },
    catalogueNames: async ({ itemType, values }) => ({
      names: [...services.history.catalogueNames(itemType, values)].map(([value, { name, source }]) => ({ value, name, source }))
    }),
    lookupTrends: (runs) => services.trends.trends(runs),
    exportTrends: async ({ runs, table, format, csvSeparator }) => {
      const trends = await services.trends.trends(runs)
      return saveExport('export of trends', exports.trendsFileName(table, format), format, (path) =>
        exports.writeTrends(trends, table, path, format, csvSeparator)
      )
    },
    exportChartImage: async ({ name, pngBase64 }) => {
      const png = exports.chartImage(pngBase64)
      return saveExport('export of a chart', exports.chartFileName(name), 'png', (path) => exports.writeChart(png, path))
    },
    saveDraft: async (draft) => {
      await services.historyWriter.saveDraft(draft)
      return { saved: true as const }
    },
    getDraft: async () => {
      // Stored by an earlier version or damaged on disk: no draft rather than a broken one.
      const parsed = draftSchema.safeParse(history.loadDraft()?.draft)
      return { draft: parsed.success ? parsed.data : null }
    },
    openExternal: async ({ url }) => {
      const safe = toSafeExternalUrl(url)
      if (safe === null) return { opened: false }
      await effects.openExternal(safe)
      return { opened: true }
    },
    openLogFolder: () => services.diagnostics.openLogFolder(),
    getDiagnostics: () => services.diagnostics.report(),
    ...createWatchlistChannels(services, effects)
  }
}
