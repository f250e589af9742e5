import { AppError } from '../../shared/domain/app-error'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import type { AppEffects, AppServices } from '../composition-root'
import { exportChunks } from '../files/export/export-chunks'
import { describeWriteFailure } from '../files/export/write-failure'
import { toSafeExternalUrl } from '../security/external-url'
import type { ChannelImplementations } from './handler-table'

/**
 * Entries per `getJobResults` answer: the window reads page after page, and main never spends more
 * than a few milliseconds on one answer (200,000 entries in one answer held main for seconds).
 */
export const RESULTS_PAGE_ENTRIES = 1_000

/** What each contract entry does, in terms of the services. Kept thin: logic lives in the services. */
export function createChannelImplementations(services: AppServices, effects: AppEffects): ChannelImplementations {
  const { settings, credentials, tokens, jobs } = services

  return {
    getSettings: async () => settings.current(),
    updateSettings: async (patch) => {
      await settings.update(patch)
      return settings.current()
    },
    getCredentialStatus: ({ environment }) => credentials.status(environment),
    saveSecret: ({ environment, clientId, secret }) => credentials.save(environment, clientId, secret),
    removeSecret: ({ environment }) => credentials.remove(environment),
    testConnection: async ({ environment }) => {
      const target = await services.resolveTarget(environment)
      const { expiresAt } = await tokens.getToken(target)
      return { environment, validUntil: new Date(expiresAt).toISOString() }
    },
    readImportFile: ({ fileName, bytes }) => services.worker.run('import', { fileName, bytes }),
    readImportColumn: (source) => services.worker.run('column', source),
    exportResults: async ({ jobId, format, view }) => {
      const job = jobs.latest(jobId, { carried: false })
      const { startedAt, carriedColumns } = jobs.progress(jobId)
      const stamp = new Date(startedAt).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
      const suggestedName = `inventory-${ENVIRONMENT_LABELS[job.params.environment].toLowerCase()}-store${job.params.storeNbr}-${stamp}-${view.view}.${format}`
      const path = await effects.chooseExportPath(suggestedName, format)
      if (path === null) return { saved: false as const }
      try {
        // Redacted on the worker: a server's message in a row may echo a secret, and exports leave main like any other text.
        const chunks = exportChunks({ results: job.lines, itemType: job.params.itemType, carriedColumns }, view, {
          prepare: (results) => jobs.carry(jobId, results)
        })
        const { rows } = await services.writeExport(path, format, chunks)
        return { saved: true as const, path, rows }
      } catch (error) {
        if (error instanceof AppError) throw error
        effects.log.error('export failed', { error })
        throw describeWriteFailure(error, path)
      }
    },
    startJob: async ({ environment, storeNbr, itemType, lines, source }) => {
      const target = await services.resolveTarget(environment)
      return services.startLookup({ environment, storeNbr, itemType, lines, source, target })
    },
    cancelJob: async ({ jobId }) => jobs.cancel(jobId),
    retryFailed: async ({ jobId }) => {
      // Credentials may have been fixed since the failure: resolve the target afresh.
      const target = await services.resolveTarget(jobs.progress(jobId).environment)
      return jobs.retryFailed(jobId, target)
    },
    getJobResults: async ({ jobId, from }) => jobs.results(jobId, from, RESULTS_PAGE_ENTRIES),
    openExternal: async ({ url }) => {
      const safe = toSafeExternalUrl(url)
      if (safe === null) return { opened: false }
      await effects.openExternal(safe)
      return { opened: true }
    }
  }
}
