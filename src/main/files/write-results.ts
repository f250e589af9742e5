import type { ExportFormat } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { ExportSheet } from '../../shared/export/export-sheet'
import { openExportWriter } from './export/export-writer'

export { csvField, neutralizeFormula } from './export/export-writer'

/** The export format a save path asks for, by its extension. */
export function formatFromPath(path: string): ExportFormat {
  const match = /\.([^./\\]+)$/.exec(path)
  const extension = match?.[1]?.toLowerCase()
  if (extension === 'csv' || extension === 'xlsx' || extension === 'json') return extension
  throw new AppError('invalid_input', `${path} does not end in .csv, .xlsx or .json; choose one of those so the format is clear.`)
}

/**
 * Writes the sheets in one go through a temporary file, so a crash never leaves half an export.
 * XLSX holds every sheet; CSV and JSON hold the first (the view on screen). The app writes exports
 * on its worker thread, in chunks (`openExportWriter`); this is the same writer, all at once.
 */
export async function writeResults(path: string, format: ExportFormat, sheets: readonly ExportSheet[]): Promise<{ rows: number }> {
  if (sheets[0] === undefined) throw new AppError('internal', 'There was nothing to export.')
  const writer = openExportWriter(path, format)
  writer.add(sheets)
  return Promise.resolve(writer.finish())
}
