import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import { defaultExportSpec } from '../../shared/export/build-export'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import type { AppServices } from '../app-services'
import type { Comparison } from '../history/compare-service'
import { lookupIdOf } from '../history/lookup-id'
import { localMinute } from './history-table'
import type { OutputOptions } from './lookup-args'
import { COMMAND_NAME } from './command-files'
import { summaryLine } from './progress-line'

export const EXIT_OK = 0
export const EXIT_INCOMPLETE = 1
export const EXIT_USAGE = 2

/**
 * Writes a settled run's results, read from History, to `--output`. When the file cannot be written
 * (disk full, folder gone), the results are still in History, and the message says how to write
 * them again.
 */
export async function writeRun(
  services: AppServices,
  jobId: string,
  options: OutputOptions,
  final: JobProgress,
  say: (text: string) => void,
  saved: boolean
): Promise<number> {
  const { exports } = services
  let write: () => Promise<{ rows: number }>
  if (options.compareWith === undefined) {
    const spec = defaultExportSpec(options.view, final.carriedColumns, services.settings.current().settings.lowStockLevel, final.stores)
    write = () => exports.writeResults(jobId, spec, options.output, options.format)
  } else {
    const comparison = await comparisonWith(services, jobId, options.compareWith, say)
    if (comparison === null) return EXIT_INCOMPLETE
    write = () => exports.writeComparison(comparison, options.output, options.format)
  }
  let rows: number
  try {
    ;({ rows } = await write())
  } catch (error) {
    const reason =
      error instanceof AppError ? error.message : 'Check that the folder is writable and the file is not open in another program.'
    const again = saved
      ? ` The results are kept in History as run ${jobId}: write them again with ${COMMAND_NAME} --resume ${jobId} --output NEW_FILE.`
      : ' This run was not saved (--no-save): run it again with another --output.'
    say(`Error: the results could not be written to ${options.output}. ${reason}${again}`)
    return EXIT_INCOMPLETE
  }
  const unanswered =
    saved && final.cancelled > 0 ? ` ${final.cancelled} values were not looked up: finish them with --resume ${jobId}.` : ''
  say(`${summaryLine(final)}. Wrote ${rows} ${rows === 1 ? 'row' : 'rows'} to ${options.output}.${unanswered}`)
  return final.failed > 0 || final.cancelled > 0 ? EXIT_INCOMPLETE : EXIT_OK
}

/** `--compare-with`: this run against the one named; null (said why) when there is none to compare with. */
async function comparisonWith(
  { history, comparisons }: AppServices,
  jobId: string,
  compareWith: 'previous' | number,
  say: (text: string) => void
): Promise<Comparison | null> {
  const id = lookupIdOf(jobId)
  const then = compareWith === 'previous' ? history.previous(id) : history.lookup(compareWith)
  if (then === null) {
    const current = history.lookup(id)
    const what =
      compareWith === 'previous' && current !== null
        ? `no earlier run of ${ENVIRONMENT_LABELS[current.environment]}, ${current.stores.length === 1 ? 'store' : 'stores'} ${current.stores.join(', ')} to compare with`
        : `no run ${String(compareWith)} in History to compare with`
    say(`Error: there is ${what}, so nothing was written; this run is kept in History as run ${jobId}.`)
    return null
  }
  try {
    const comparison = await comparisons.compare(then.id, id)
    const { counts } = comparison
    say(
      `Comparing with run ${then.id} of ${localMinute(then.startedAt)}: ${counts.newly_out} newly out of stock, ${counts.back_in} back in stock, ` +
        `${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.only_one} only in one.`
    )
    return comparison
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    say(`Error: ${error.message} Nothing was written; this run is kept in History as run ${jobId}.`)
    return null
  }
}
