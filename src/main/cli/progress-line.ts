import type { JobProgress } from '../../shared/domain/job-progress'

/** One line of progress for a terminal or a log file. */
export function progressLine(progress: JobProgress, now: number): string {
  const parts = [
    ...(progress.stores.length > 1 ? [`stores done ${progress.storesDone}/${progress.stores.length}`] : []),
    `batches ${progress.batchesDone}/${progress.batchesTotal}`,
    `found ${progress.found}`,
    `not found ${progress.notFound}`,
    `failed ${progress.failed}`
  ]
  if (progress.invalid > 0) parts.push(`invalid ${progress.invalid}`)
  if (progress.duplicate > 0) parts.push(`duplicate ${progress.duplicate}`)
  if (progress.cancelled > 0) parts.push(`cancelled ${progress.cancelled}`)
  if (progress.pending > 0) parts.push(`pending ${progress.pending}`)
  if (progress.retries > 0) parts.push(`retries ${progress.retries}`)
  if (progress.state === 'throttled') {
    const resumeAt = progress.resumeAt === null ? null : Date.parse(progress.resumeAt)
    const seconds = resumeAt === null ? null : Math.max(0, Math.ceil((resumeAt - now) / 1000))
    parts.push(seconds === null ? 'throttled by the server' : `throttled by the server, resuming in ${seconds} s`)
  }
  return parts.join(', ')
}

/** The closing line: what happened to every input line (in every store). */
export function summaryLine(progress: JobProgress): string {
  const stores = progress.stores.length
  const what = stores === 1 ? `${progress.lines} lines` : `${progress.lines} lines x ${stores} stores`
  return (
    `${what}: ${progress.found} found, ${progress.notFound} not found, ${progress.invalid} invalid, ` +
    `${progress.duplicate} duplicate, ${progress.failed} failed, ${progress.cancelled} cancelled`
  )
}
