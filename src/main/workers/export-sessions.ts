import type { MessagePort } from 'node:worker_threads'
import type { ExportFormat } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { CsvSeparator } from '../../shared/export/csv-separator'
import type { ExportSheet } from '../../shared/export/export-sheet'
import { openExportWriter, type ExportWriter } from '../files/export/export-writer'
import { receiveSheets } from '../files/export/export-stream'
import { describeWriteFailure, failureCause } from '../files/export/write-failure'
import { forgetTempFile, journalTempFile, tempPathFor } from '../files/temp-files'
import { createRedactor, type Redactor } from '../security/redactor'

/** A write failure that knows its sentence for the user and its cause for the log. */
export class ExportWriteError extends Error {
  constructor(
    readonly appError: AppError,
    readonly causeText: string
  ) {
    super(appError.message)
    this.name = 'ExportWriteError'
  }
}

export interface ExportTarget {
  path: string
  format: ExportFormat
  csvSeparator: CsvSeparator
  journalDir: string | null
  redact: string[]
}

interface Session {
  path: string
  journalDir: string | null
  writer: ExportWriter
  redactor: Redactor
  rows: number
}

/** Exports under way on the worker thread, by id; each is one `ExportWriter`. */
export function createExportSessions() {
  const sessions = new Map<number, Session>()
  let nextId = 1

  function failed(path: string, error: unknown): ExportWriteError {
    return error instanceof ExportWriteError ? error : new ExportWriteError(describeWriteFailure(error, path), failureCause(error))
  }

  async function forget(current: Session): Promise<void> {
    if (current.journalDir !== null) await forgetTempFile(current.journalDir, current.writer.tempPath).catch(() => undefined)
  }

  function session(exportId: number): Session {
    const found = sessions.get(exportId)
    if (found === undefined) throw new AppError('not_found', 'That export is no longer under way; export again.')
    return found
  }

  async function open(input: ExportTarget): Promise<{ exportId: number }> {
    const tempPath = tempPathFor(input.path)
    try {
      if (input.journalDir !== null) await journalTempFile(input.journalDir, tempPath)
      const writer = openExportWriter(input.path, input.format, { tempPath, csvSeparator: input.csvSeparator })
      const exportId = nextId++
      sessions.set(exportId, { path: input.path, journalDir: input.journalDir, writer, redactor: createRedactor(input.redact), rows: 0 })
      return { exportId }
    } catch (error) {
      // A file that could not be opened leaves no line for the next start's sweep either.
      if (input.journalDir !== null) await forgetTempFile(input.journalDir, tempPath).catch(() => undefined)
      throw failed(input.path, error)
    }
  }

  async function finish(input: { exportId: number }): Promise<{ rows: number }> {
    const current = session(input.exportId)
    sessions.delete(input.exportId)
    try {
      return current.writer.finish()
    } catch (error) {
      throw failed(current.path, error)
    } finally {
      await forget(current)
    }
  }

  async function abort(input: { exportId: number }): Promise<{ aborted: boolean }> {
    const current = sessions.get(input.exportId)
    if (current === undefined) return { aborted: false }
    sessions.delete(input.exportId)
    current.writer.abort()
    await forget(current)
    return { aborted: true }
  }

  function add(current: Session, sheets: ExportSheet[]): void {
    current.writer.add(current.redactor.value(sheets))
    current.rows += sheets[0]?.rows.length ?? 0
  }

  return {
    open,
    async rows(input: { exportId: number; sheets: ExportSheet[] }): Promise<{ rows: number }> {
      const current = session(input.exportId)
      try {
        add(current, input.sheets)
        return { rows: current.rows }
      } catch (error) {
        sessions.delete(input.exportId)
        current.writer.abort()
        await forget(current)
        throw failed(current.path, error)
      }
    },
    /**
     * A whole export whose chunks come on `sheets` from the thread that builds them: written as they
     * arrive, finished after the last, thrown away (temporary file and journal line) if either side fails.
     */
    async stream(input: ExportTarget & { sheets: MessagePort }): Promise<{ rows: number }> {
      const { sheets, ...target } = input
      const opening = open(target)
      try {
        // Listening starts now, while the file opens: the builder may end before that.
        await receiveSheets(
          sheets,
          opening.then(
            ({ exportId }) =>
              (chunk: ExportSheet[]) =>
                add(session(exportId), chunk)
          )
        )
      } catch (error) {
        // Opening's own failure is already in the user's words, and left nothing behind.
        const opened = await opening.catch(() => null)
        if (opened === null) throw error
        const current = sessions.get(opened.exportId)
        await abort(opened)
        throw current === undefined || error instanceof AppError ? error : failed(current.path, error)
      }
      return finish(await opening)
    },
    finish,
    abort
  }
}
