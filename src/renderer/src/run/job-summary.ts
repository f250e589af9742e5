import type { JobProgress } from '../../../shared/domain/job-progress'
import { formatCount } from '../format/format'

/** Values a lookup looks up: each line in each store. */
export function pairCount(progress: Pick<JobProgress, 'lines' | 'stores'>): number {
  return progress.lines * progress.stores.length
}

/** Values with an answer (in every store); cancelled ones never got one, so a cancelled job's bar stops where it was. */
export function answeredCount(progress: JobProgress): number {
  return Math.max(0, pairCount(progress) - progress.pending - progress.cancelled)
}

/** The sentence a screen reader hears when a lookup changes state; null when nothing worth saying happened. */
export function announcement(previous: JobProgress | undefined, current: JobProgress): string | null {
  const settled = current.state === 'finished' || current.state === 'cancelled' || current.state === 'interrupted'
  // A retry that finishes between two snapshots goes from settled to settled: the new log length tells.
  const changed =
    previous === undefined ||
    previous.jobId !== current.jobId ||
    previous.state !== current.state ||
    (settled && previous.resultsCount !== current.resultsCount)
  if (!changed) return null
  switch (current.state) {
    case 'running':
      return previous?.state === 'throttled' && previous.jobId === current.jobId
        ? 'The lookup resumed.'
        : `Lookup started: ${formatCount(current.lines)} values${current.stores.length > 1 ? ` in ${formatCount(current.stores.length)} stores` : ''}.`
    case 'throttled':
      return 'The server asked us to slow down; the lookup resumes by itself.'
    case 'finished':
      return `Lookup finished: ${countsSentence(current)}.`
    case 'cancelled':
      return `Lookup cancelled; the ${formatCount(answeredCount(current))} answers that arrived are kept.`
    case 'interrupted':
      return `Lookup interrupted; the ${formatCount(answeredCount(current))} answers that arrived are kept, and it can be resumed.`
  }
}

export function countsSentence(progress: JobProgress): string {
  const parts = [
    `${formatCount(progress.found)} found`,
    `${formatCount(progress.notFound)} not found`,
    `${formatCount(progress.invalid)} invalid`,
    `${formatCount(progress.duplicate)} duplicate`,
    `${formatCount(progress.failed)} failed`
  ]
  if (progress.cancelled > 0) parts.push(`${formatCount(progress.cancelled)} cancelled`)
  return parts.join(', ')
}
