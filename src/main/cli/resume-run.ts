import { AppError } from '../../shared/domain/app-error'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import type { AppServices } from '../app-services'
import type { TargetOverrides } from '../credentials/target-resolver'
import type { StoredLookup } from '../history/history-types'
import type { ResumeOptions } from './lookup-args'
import type { LookupIo } from './lookup-io'
import type { OutputPlace } from './write-output'
import { watchRun } from './watch-run'
import { EXIT_USAGE, writeRun } from './write-run'

/**
 * `--resume ID|last`: looks up, under the same run, the values a cancelled or interrupted run never
 * answered (with a token got now), then writes the whole run. A run with nothing left to look up
 * is written as it is: the way to write results again after the output could not be written.
 */
export async function resumeRun(
  services: AppServices,
  options: ResumeOptions,
  overrides: TargetOverrides,
  io: LookupIo,
  say: (text: string) => void,
  out: OutputPlace
): Promise<number> {
  const { history, lookups } = services
  const lookup = options.resume === 'last' ? lastStopped(services) : history.lookup(options.resume)
  if (lookup === null) {
    say(
      options.resume === 'last'
        ? 'Error: there is no cancelled or interrupted run to resume; see --history.'
        : `Error: there is no run ${options.resume} in History; see --history for the runs kept.`
    )
    return EXIT_USAGE
  }
  const jobId = String(lookup.id)
  if (lookup.state === 'running') {
    say(`Error: run ${jobId} is still running in the app or another command; wait for it to finish, then resume or write it.`)
    return EXIT_USAGE
  }
  const where = `${ENVIRONMENT_LABELS[lookup.environment]}, store ${lookup.stores.join(', ')}`
  if (lookup.counts.cancelled === 0) {
    say(`Run ${jobId} (${where}) has no values left to look up; writing its results.`)
    return writeRun(services, jobId, options, lookups.progress(jobId), say, true, out)
  }
  try {
    await lookups.resume(jobId, overrides)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    say(`Error: ${error.message}`)
    return EXIT_USAGE
  }
  say(`Resuming run ${jobId} in ${where}: ${lookup.counts.cancelled} values to look up. Ctrl+C stops and still writes what was found.`)
  const final = await watchRun(services, jobId, io, say, true)
  return writeRun(services, jobId, options, final, say, true, out)
}

/** The newest run that stopped before every value was answered. */
function lastStopped({ history }: AppServices): StoredLookup | null {
  const candidates = [...history.list({ search: 'interrupted', limit: 1 }), ...history.list({ search: 'cancelled', limit: 1 })]
  return candidates.sort((a, b) => b.id - a.id)[0] ?? null
}
