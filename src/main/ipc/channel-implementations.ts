import { compareColumnsByKeys } from '../../shared/compare/compare-columns'
import { compareSheet } from '../../shared/compare/compare-sheet'
import { draftSchema } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import type { AppEffects, AppServices } from '../composition-root'
import { EXPORT_CHUNK_LINES, exportChunks } from '../files/export/export-chunks'
import { describeWriteFailure } from '../files/export/write-failure'
import { comparisonFileName, rowsByKeys } from '../history/comparison-export'
import { lookupIdOf } from '../history/lookup-id'
import { toLookupSummary } from '../history/to-lookup-summary'
import { toSafeExternalUrl } from '../security/external-url'
import type { ChannelImplementations } from './handler-table'

/**
 * Entries per `getJobResults` answer: the window reads page after page, and main never spends more
 * than a few milliseconds on one answer (200,000 entries in one answer held main for seconds).
 */
export const RESULTS_PAGE_ENTRIES = 1_000
/** Compared values per `compareLookups` answer: a row is a few numbers and words, far smaller than a result. */
export const COMPARE_PAGE_ROWS = 5_000

/** What each contract entry does, in terms of the services. Kept thin: logic lives in the services. */
export function createChannelImplementations(services: AppServices, effects: AppEffects): ChannelImplementations {
  const { settings, credentials, tokens, lookups, history } = services
  const withWarnings = () => ({ settings: settings.current().settings, warning: services.startupWarning() })

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
      const target = await services.resolveTarget(environment)
      const { expiresAt } = await tokens.getToken(target)
      return { environment, validUntil: new Date(expiresAt).toISOString() }
    },
    readImportFile: (file) => services.imports.read(file),
    readImportColumn: (source) => services.imports.column(source),
    exportResults: async ({ jobId, format, csvSeparator, view }) => {
      const { lookup, lines: results } = await services.results.latest(jobId, { carried: false })
      const { startedAt, carriedColumns, lines } = lookups.progress(jobId)
      const stamp = new Date(startedAt).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
      const { stores } = lookup
      const where = stores.length === 1 ? `store${stores[0] ?? ''}` : `${stores.length}stores`
      const suggestedName = `inventory-${ENVIRONMENT_LABELS[lookup.environment].toLowerCase()}-${where}-${stamp}-${view.view}.${format}`
      const path = await effects.chooseExportPath(suggestedName, format)
      if (path === null) return { saved: false as const }
      try {
        // Redacted on the worker: a server's message in a row may echo a secret, and exports leave main like any other text.
        const source = { results, itemType: lookup.itemType, carriedColumns, stores, lines }
        const chunks = exportChunks(source, view, {
          prepare: (slice) => services.results.carry(jobId, slice)
        })
        const { rows } = await services.writeExport(path, format, chunks, csvSeparator)
        return { saved: true as const, path, rows }
      } catch (error) {
        if (error instanceof AppError) throw error
        effects.log.error('export failed', { error })
        throw describeWriteFailure(error, path)
      }
    },
    startJob: (request) => lookups.start(request),
    cancelJob: async ({ jobId }) => lookups.cancel(jobId),
    retryFailed: ({ jobId }) => lookups.retryFailed(jobId),
    getJobResults: ({ jobId, from }) => services.results.page(jobId, from, RESULTS_PAGE_ENTRIES),
    listLookups: async ({ search, before, limit }) => {
      const wanted = limit ?? 100
      const page = history.list({
        ...(search === undefined ? {} : { search }),
        ...(before === undefined ? {} : { beforeId: lookupIdOf(before) }),
        limit: wanted + 1
      })
      return {
        lookups: page.slice(0, wanted).map((lookup) => toLookupSummary(lookup, lookups.isRunning(String(lookup.id)))),
        more: page.length > wanted,
        databaseBytes: history.sizeBytes(),
        databasePath: history.path,
        warning: history.warning
      }
    },
    openLookup: async ({ jobId }) => lookups.progress(jobId),
    deleteLookup: async ({ jobId }) => {
      services.comparisons.forget()
      return { deleted: await services.historyWriter.deleteLookup(lookupIdOf(jobId)) }
    },
    compareLookups: async ({ thenJobId, nowJobId, from, lowStockLevel }) => {
      const { then, now, rows, counts } = await services.comparisons.compare(lookupIdOf(thenJobId), lookupIdOf(nowJobId), lowStockLevel)
      const start = Math.min(from, rows.length)
      const page = rows.slice(start, start + COMPARE_PAGE_ROWS)
      return {
        then: toLookupSummary(then, lookups.isRunning(String(then.id))),
        now: toLookupSummary(now, lookups.isRunning(String(now.id))),
        counts,
        total: rows.length,
        rows: page,
        next: start + page.length
      }
    },
    exportComparison: async ({ thenJobId, nowJobId, format, csvSeparator, columns, rows, lowStockLevel }) => {
      const comparison = await services.comparisons.compare(lookupIdOf(thenJobId), lookupIdOf(nowJobId), lowStockLevel)
      const path = await effects.chooseExportPath(comparisonFileName(comparison, format), format)
      if (path === null) return { saved: false as const }
      const chosen = rows === null ? comparison.rows : rowsByKeys(comparison.rows, rows)
      const sheetColumns = compareColumnsByKeys(columns)
      try {
        const chunks = (function* () {
          for (let start = 0; start === 0 || start < chosen.length; start += EXPORT_CHUNK_LINES) {
            yield [compareSheet(chosen.slice(start, start + EXPORT_CHUNK_LINES), sheetColumns)]
          }
        })()
        const written = await services.writeExport(path, format, chunks, csvSeparator)
        return { saved: true as const, path, rows: written.rows }
      } catch (error) {
        if (error instanceof AppError) throw error
        effects.log.error('export of a comparison failed', { error })
        throw describeWriteFailure(error, path)
      }
    },
    resumeLookup: ({ jobId }) => lookups.resume(jobId),
    previousLookup: async ({ jobId }) => {
      const previous = history.previous(lookupIdOf(jobId))
      return { previous: previous === null ? null : toLookupSummary(previous, lookups.isRunning(String(previous.id))) }
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
    getDiagnostics: () => services.diagnostics.report()
  }
}
