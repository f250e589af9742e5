import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import type { AppServices } from '../app-services'
import type { Comparison } from '../history/compare-service'
import { lookupIdOf } from '../history/lookup-id'
import { COMMAND_NAME } from './command-files'
import { EXIT_ALERT, failOnAlert } from './fail-on'
import { localMinute } from './history-table'
import type { OutputOptions } from './lookup-args'
import { STANDARD_OUTPUT } from './output-format'
import { summaryLine } from './progress-line'
import { comparisonOutput, resultsOutput } from './run-output'
import { writeOutput, type OutputPlace } from './write-output'

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
  saved: boolean,
  out: OutputPlace
): Promise<number> {
  let run
  if (options.compareWith === undefined) run = resultsOutput(services, jobId, options, final)
  else {
    const comparison = await comparisonWith(services, jobId, options.compareWith, say)
    if (comparison === null) return EXIT_INCOMPLETE
    run = comparisonOutput(services, comparison, final)
  }
  const where = options.output === STANDARD_OUTPUT ? 'standard output' : options.output
  let rows: number
  try {
    ;({ rows } = await writeOutput(run, options, { redactor: services.redactor, journalDir: out.dataDir, stdout: out.stdout }))
  } catch (error) {
    const reason =
      error instanceof AppError ? error.message : 'Check that the folder is writable and the file is not open in another program.'
    const again = saved
      ? ` The results are kept in History as run ${jobId}: write them again with ${COMMAND_NAME} --resume ${jobId} --output NEW_FILE.`
      : ' This run was not saved (--no-save): run it again with another --output.'
    say(`Error: the results could not be written to ${where}. ${reason}${again}`)
    return EXIT_INCOMPLETE
  }
  const unanswered =
    saved && final.cancelled > 0 ? ` ${final.cancelled} values were not looked up: finish them with --resume ${jobId}.` : ''
  say(`${summaryLine(final)}. Wrote ${rows} ${rows === 1 ? 'row' : 'rows'} to ${where}.${unanswered}`)
  const outOfStock = options.failOn.includes('out-of-stock') ? await run.outOfStock() : 0
  const alert = failOnAlert(options.failOn, { outOfStock, failed: final.failed, newlyOut: run.newlyOut })
  if (alert !== null) {
    say(alert)
    return EXIT_ALERT
  }
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
  // A watchlist's run compares with the watchlist's run before it, as the app's "Since the last run" does.
  const origin = history.origin(id)
  const watchlist = origin?.watchlistName ?? null
  const previous = () =>
    origin?.watchlistId == null ? history.previous(id) : origin.follows === null ? null : history.lookup(origin.follows)
  const then = compareWith === 'previous' ? previous() : history.lookup(compareWith)
  if (then === null) {
    const current = history.lookup(id)
    const what =
      compareWith !== 'previous' || current === null
        ? `no run ${String(compareWith)} in History to compare with`
        : watchlist !== null
          ? `no earlier run of the watchlist "${watchlist}" to compare with (the next run will compare with this one)`
          : `no earlier run of ${ENVIRONMENT_LABELS[current.environment]}, ${current.stores.length === 1 ? 'store' : 'stores'} ${current.stores.join(', ')} to compare with`
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
