import type { ExportFormat } from '../../../shared/contract'
import type { CsvSeparator } from '../../../shared/export/csv-separator'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { WorkerClient } from '../../workers/worker-client'

export interface ExportToFile {
  path: string
  format: ExportFormat
  csvSeparator: CsvSeparator
  /** Sheets in chunks of rows, each the same sheets with their next rows; a chunk may wait for its rows to be read. */
  chunks: Iterable<ExportSheet[]> | AsyncIterable<ExportSheet[]>
  /** Where the temporary file is noted, so the next start can remove it if this one is interrupted. */
  journalDir: string | null
  /** Values the worker's redactor removes from every text. */
  redact: string[]
}

/**
 * Writes an export on the worker thread, a chunk at a time: main only builds each chunk's rows and
 * waits for the worker between chunks. Any failure aborts the export, leaving the old file as it was.
 */
export async function exportToFile(worker: Pick<WorkerClient, 'run'>, request: ExportToFile): Promise<{ rows: number }> {
  const { exportId } = await worker.run('exportOpen', {
    path: request.path,
    format: request.format,
    csvSeparator: request.csvSeparator,
    journalDir: request.journalDir,
    redact: request.redact
  })
  // Two chunks in flight: main builds the next slice while the worker writes the last one.
  let inFlight: Promise<unknown> | null = null
  try {
    for await (const sheets of request.chunks) {
      const sent = worker.run('exportRows', { exportId, sheets })
      // A failure is seen when its chunk is awaited; until then it must not count as unhandled.
      sent.catch(() => undefined)
      if (inFlight !== null) await inFlight
      inFlight = sent
    }
    if (inFlight !== null) await inFlight
    return await worker.run('exportFinish', { exportId })
  } catch (error) {
    await worker.run('exportAbort', { exportId }).catch(() => undefined)
    throw error
  }
}
