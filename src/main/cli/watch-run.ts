import type { JobProgress } from '../../shared/domain/job-progress'
import type { AppServices } from '../app-services'
import type { LookupIo } from './lookup-io'
import { progressLine } from './progress-line'

/**
 * Prints progress until the run settles. Ctrl+C, SIGTERM and SIGHUP (a scheduler stopping the
 * command, a closed SSH session) all stop it the same way: the run is marked interrupted, lines
 * not answered yet become "cancelled", and what arrived is written.
 */
export async function watchRun(
  services: AppServices,
  jobId: string,
  io: LookupIo,
  say: (text: string) => void,
  saved: boolean
): Promise<JobProgress> {
  const { lookups } = services
  const ticker = setInterval(() => say(progressLine(lookups.progress(jobId), io.now())), io.progressIntervalMs ?? 1000)
  const stopListening = io.onInterrupt(() => {
    say(
      saved
        ? `Stopping: what arrived is written, and the rest can be looked up later with --resume ${jobId}.`
        : 'Stopping: lines not yet looked up will be marked cancelled, and what arrived is written.'
    )
    lookups.stop(jobId, 'interrupted')
  })
  try {
    return await lookups.whenSettled(jobId)
  } finally {
    clearInterval(ticker)
    stopListening()
  }
}
