import type { ImportColumn, ImportSource, ImportSummary } from '../../../shared/contract'
import type { WorkerClient } from '../../workers/worker-client'
import type { CarriedCells } from './imported-table'

/** Files imported for a lookup, read and kept on the worker thread; main holds only what it asks for. */
export interface ImportService {
  /**
   * Reads a file (its limits checked while reading) and keeps its table by import id; `keep`: the
   * file is kept in the data folder too (the window's imports), so a list restored after a restart
   * still has its other columns and item names.
   */
  read(file: { fileName: string; bytes: Uint8Array; keep?: boolean }): Promise<ImportSummary>
  /** One column of a kept table, as the lines to look up. */
  column(source: ImportSource): Promise<ImportColumn>
  /** The other columns' cells of these rows of a kept table: what travels with each line to the results. */
  carried(source: ImportSource, lines: readonly number[]): Promise<CarriedCells>
}

export function createImportService(worker: Pick<WorkerClient, 'run'>): ImportService {
  return {
    read: (file) => worker.run('import', file),
    column: (source) => worker.run('column', source),
    carried: (source, lines) => worker.run('carried', { source, lines: [...lines] })
  }
}
