import type { ImportColumn, ImportSource, ImportSummary } from '../../../shared/contract'
import type { WorkerClient } from '../../workers/worker-client'
import type { CarriedCells, PackedCarriedCells } from './imported-table'

/**
 * Lines whose carried cells are asked of the worker at once: neither the worker nor main builds
 * more rows than this in one message, where a 130,000-line wide file had all of them in one heap
 * and one message.
 */
export const CARRIED_LINES_PER_ASK = 10_000

/** Files imported for a lookup, read and kept on the worker thread; main holds only what it asks for. */
export interface ImportService {
  /**
   * Reads a file (its limits checked while reading) and keeps its table by import id; `keep`: the
   * file is kept in the data folder too (the window's imports), so a list restored after a restart
   * still has its other columns and item names. The bytes are moved to the worker, not copied (a
   * 50 MB workbook was copied whole on main): the caller must not read them after.
   */
  read(file: { fileName: string; bytes: Uint8Array; keep?: boolean }): Promise<ImportSummary>
  /** One column of a kept table, as the lines to look up. */
  column(source: ImportSource): Promise<ImportColumn>
  /** The other columns' cells of these rows of a kept table: what travels with each line to the results. */
  carried(source: ImportSource, lines: readonly number[]): Promise<CarriedCells>
  /**
   * The same cells packed (one text and each row's length), for a lookup's start: main passes them
   * on to History's writer as they are, without a string per row in its heap.
   */
  carriedPacked(source: ImportSource, lines: Float64Array): Promise<PackedCarriedCells>
}

export function createImportService(worker: Pick<WorkerClient, 'run'>): ImportService {
  return {
    read: (file) => worker.run('import', file, ownBuffer(file.bytes)),
    column: (source) => worker.run('column', source),
    carried: (source, lines) => worker.run('carried', { source, lines: [...lines] }),
    carriedPacked: (source, lines) => worker.run('carriedPacked', { source, lines })
  }
}

/**
 * The buffer `bytes` has to itself, to move; none when it is a view on a larger or shared buffer
 * (a pooled Buffer's, say), which moving would take from its other users: that one is copied.
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? [buffer] : []
}
