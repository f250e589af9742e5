import type { MessagePort } from 'node:worker_threads'
import type { ExportFormat, ImportColumn, ImportSource, ImportSummary } from '../../shared/contract'
import type { CsvSeparator } from '../../shared/export/csv-separator'
import type { ExportSheet } from '../../shared/export/export-sheet'
import type { AppErrorShape } from '../../shared/domain/app-error'
import type { CarriedCells, PackedCarriedCells } from '../files/import/imported-table'

/**
 * What main asks its worker thread to do, and what comes back. Long lists travel in parts (the
 * fields named in `STREAMED_FIELDS`), so that no single message takes main long to receive.
 */
export interface WorkerTasks {
  /** `keep`: keep the file in the data folder too (the window's imports), so a restart does not lose it. */
  import: { input: { fileName: string; bytes: Uint8Array; keep?: boolean }; result: ImportSummary }
  column: { input: ImportSource; result: ImportColumn }
  carried: { input: { source: ImportSource; lines: number[] }; result: CarriedCells }
  /** The same cells packed, for a lookup's start: main passes them on to History's writer without a string per row. */
  carriedPacked: { input: { source: ImportSource; lines: Float64Array }; result: PackedCarriedCells }
  /**
   * An export, written in chunks: open, rows (the same sheets each time with their next rows), then
   * finish or abort. `journalDir` lists the temporary file for the next start's sweep; `redact` are
   * the values the redactor removes from every text (exports leave main like any other text).
   */
  exportOpen: {
    input: { path: string; format: ExportFormat; csvSeparator: CsvSeparator; journalDir: string | null; redact: string[] }
    result: { exportId: number }
  }
  exportRows: { input: { exportId: number; sheets: ExportSheet[] }; result: { rows: number } }
  /**
   * A whole export whose chunks arrive on `sheets` (the other end is with the thread that builds
   * them, History's reader), not through main; answered once the file is written or thrown away.
   */
  exportFrom: {
    input: {
      path: string
      format: ExportFormat
      csvSeparator: CsvSeparator
      journalDir: string | null
      redact: string[]
      sheets: MessagePort
    }
    result: { rows: number }
  }
  exportFinish: { input: { exportId: number }; result: { rows: number } }
  exportAbort: { input: { exportId: number }; result: { aborted: boolean } }
  /** History's quick integrity check, for a file too large to check while the app starts. */
  checkHistory: { input: { path: string }; result: { problems: string[] } }
}

export type TaskName = keyof WorkerTasks
export type TaskInput<K extends TaskName> = WorkerTasks[K]['input']
export type TaskResult<K extends TaskName> = WorkerTasks[K]['result']

export const STREAMED_FIELDS: { [K in TaskName]: readonly (keyof TaskResult<K> & string)[] } = {
  import: [],
  column: ['lines'],
  carried: ['rows'],
  carriedPacked: [],
  exportOpen: [],
  exportRows: [],
  exportFrom: [],
  exportFinish: [],
  exportAbort: [],
  checkHistory: []
}

/**
 * Tasks that run beside the others instead of after them: an export that comes through its own
 * channel spends its time waiting for its chunks, and an import must not wait for all of them. It
 * also listens to its channel from the moment it arrives, so that it hears the builder end.
 */
export const ALONGSIDE: ReadonlySet<TaskName> = new Set<TaskName>(['exportFrom'])

/** Items per part of a streamed field. */
export const PART_ITEMS = 10_000

export type WorkerRequest = { [K in TaskName]: { id: number; task: K; input: TaskInput<K> } }[TaskName]

export type WorkerReply =
  | { id: number; kind: 'part'; field: string; items: unknown[] }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'failed'; error: { appError: AppErrorShape; cause?: string } | { message: string } }

/** What the thread is started with. */
export interface WorkerData {
  /** Where the window's imported files are kept across restarts; null or left out: in memory only. */
  importsDir?: string | null
}
