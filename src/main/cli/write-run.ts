import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import { defaultExportSpec } from '../../shared/export/build-export'
import type { AppRoot } from '../composition-root'
import { exportChunks } from '../files/export/export-chunks'
import type { OutputOptions } from './lookup-args'
import { summaryLine } from './progress-line'

export const EXIT_OK = 0
export const EXIT_INCOMPLETE = 1
export const EXIT_USAGE = 2

/**
 * Writes a settled run's results, read from History, to `--output`. When the file cannot be written
 * (disk full, folder gone), the results are still in History, and the message says how to write
 * them again.
 */
export async function writeRun(root: AppRoot, jobId: string, options: OutputOptions, final: JobProgress, say: (text: string) => void, saved: boolean): Promise<number> {
  const { services } = root
  const { params, lines: results } = services.jobs.latest(jobId, { carried: false })
  const { carriedColumns } = final
  const spec = defaultExportSpec(options.view, carriedColumns, services.settings.current().settings.lowStockLevel)
  let rows: number
  try {
    ;({ rows } = await services.writeExport(
      options.output,
      options.format,
      exportChunks({ results, itemType: params.itemType, carriedColumns }, spec, { prepare: (slice) => services.jobs.carry(jobId, slice) })
    ))
  } catch (error) {
    const reason = error instanceof AppError ? error.message : 'Check that the folder is writable and the file is not open in another program.'
    const again = saved
      ? ` The results are kept in History as run ${jobId}: write them again with npm run lookup -- --resume ${jobId} --output NEW_FILE.`
      : ' This run was not saved (--no-save): run it again with another --output.'
    say(`Error: the results could not be written to ${options.output}. ${reason}${again}`)
    return EXIT_INCOMPLETE
  }
  const unanswered = saved && final.cancelled > 0 ? ` ${final.cancelled} values were not looked up: finish them with --resume ${jobId}.` : ''
  say(`${summaryLine(final)}. Wrote ${rows} ${rows === 1 ? 'row' : 'rows'} to ${options.output}.${unanswered}`)
  return final.failed > 0 || final.cancelled > 0 ? EXIT_INCOMPLETE : EXIT_OK
}
