import type { ExportFormat } from '../../../shared/contract'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { WorkerClient } from '../../workers/worker-client'

export interface ExportToFile {
  path: string
  format: ExportFormat
  /** Sheets in chunks of rows, each the same sheets with their next rows. */
  chunks: Iterable<ExportSheet[]>
  /** Where the temporary file is noted, so the next start can remove it if this one is interrupted. */
  journalDir: string | null
  /** Values the worker's redactor removes from every text. */
  redact: string[]
}

/**
 * Writes an export on the worker thread, a chunk at a time: main only builds each chunk's rows and
 * waits for the worker between chunks. Any failure aborts the export, leaving the old file as it was.
 */
export async function exportToFile(worker: WorkerClient, request: ExportToFile): Promise<{ rows: number }> {
  const { exportId } = await worker.run('exportOpen', { path: request.path, format: request.format, journalDir: request.journalDir, redact: request.redact })
  try {
    for (const sheets of request.chunks) await worker.run('exportRows', { exportId, sheets })
    return await worker.run('exportFinish', { exportId })
  } catch (error) {
    await worker.run('exportAbort', { exportId }).catch(() => undefined)
    throw error
  }
}
