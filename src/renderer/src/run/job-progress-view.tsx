import { useEffect, useRef, useState } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount, formatDuration, formatRate } from '../format/format'
import { jobLabel } from '../format/lookup-labels'
import { announcement, answeredCount, pairCount } from './job-summary'
import { useCountdown } from './use-countdown'
import { useFailureReason } from './use-failure-reason'
import type { JobAction } from './use-lookup-job'

interface JobProgressViewProps {
  /** Counters taken from the results on screen (see progressFromResults), so the card and the results never disagree. */
  progress: JobProgress
  /** Whether the results have read everything the progress reports; the end of a lookup is announced only then. */
  caughtUp: boolean
  busy: JobAction | null
  onCancel: () => void
  onRetryFailed: () => void
  /** Looks up the lines a Cancel, a quit or a crash left without an answer. */
  onResume: () => void
  onOpenSettings: () => void
}

const COUNT_ROWS: readonly { key: 'found' | 'notFound' | 'invalid' | 'duplicate' | 'failed' | 'cancelled'; label: string }[] = [
  { key: 'found', label: 'Found' },
  { key: 'notFound', label: 'Not found' },
  { key: 'invalid', label: 'Invalid' },
  { key: 'duplicate', label: 'Duplicate' },
  { key: 'failed', label: 'Failed' },
  { key: 'cancelled', label: 'Cancelled' }
]

export function JobProgressView({ progress, caughtUp, busy, onCancel, onRetryFailed, onResume, onOpenSettings }: JobProgressViewProps) {
  const active = progress.state === 'running' || progress.state === 'throttled'
  const answered = answeredCount(progress)
  const total = pairCount(progress)
  const percent = total === 0 ? 100 : Math.min(100, Math.floor((answered / total) * 100))
  const stores = progress.stores.length
  const resumeIn = useCountdown(progress.state === 'throttled' ? progress.resumeAt : null)
  const failure = useFailureReason(progress)
  const spoken = useAnnouncement(progress, caughtUp)

  return (
    <section
      className="panel job-progress"
      aria-labelledby="job-progress-heading"
      data-state={progress.state}
      // Which lookup this is, for tests that must tell a new run from the one it replaced on screen.
      data-job-id={progress.jobId}
    >
      <div className="job-progress-head">
        <h2 id="job-progress-heading" tabIndex={-1}>
          Lookup · {jobLabel(progress)}
        </h2>
        <span className="job-state">{stateText(progress)}</span>
        <dl className="job-counts">
          {COUNT_ROWS.map((row) => (
            <div key={row.key} className="job-count" data-status={row.key}>
              <dt>{row.label}</dt>
              <dd>{formatCount(progress[row.key])}</dd>
            </div>
          ))}
          {progress.pending > 0 ? (
            <div className="job-count" data-status="pending">
              <dt>Pending</dt>
              <dd>{formatCount(progress.pending)}</dd>
            </div>
          ) : null}
        </dl>
        <div className="job-actions">
          {active ? (
            <button type="button" className="danger" onClick={onCancel} disabled={busy !== null}>
              {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
          {!active && (progress.state === 'cancelled' || progress.state === 'interrupted') && progress.cancelled > 0 ? (
            <button type="button" className="primary" onClick={onResume} disabled={busy !== null}>
              {busy === 'resume' ? 'Resuming…' : 'Resume'}
            </button>
          ) : null}
          {!active && progress.failed > 0 ? (
            <button type="button" onClick={onRetryFailed} disabled={busy !== null}>
              Retry failed
            </button>
          ) : null}
        </div>
      </div>

      <div className="job-progress-bar">
        <div
          className="progress-track"
          role="progressbar"
          aria-label="Lookup progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answered}
          aria-valuetext={`${formatCount(answered)} of ${formatCount(total)} values (${percent}%)${stores > 1 ? `, stores done ${formatCount(progress.storesDone)} of ${formatCount(stores)}` : ''}`}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="progress-caption">
          {formatCount(answered)} of {formatCount(total)} values ({percent}%)
          {stores > 1 ? ` · Stores done ${formatCount(progress.storesDone)} of ${formatCount(stores)}` : ''}
          {progress.valuesPerSecond > 0 ? ` · ${formatRate(progress.valuesPerSecond)} values/s` : ''}
          {active && progress.etaMs !== null ? ` · about ${formatDuration(progress.etaMs)} left` : ''}
        </p>
      </div>

      {progress.state === 'throttled' ? (
        <p className="notice notice-warning throttle-notice">
          {resumeIn === null
            ? 'The server asked us to slow down; resuming shortly.'
            : `The server asked us to slow down; resuming in ${resumeIn} s.`}
        </p>
      ) : null}

      {failure !== null ? <ErrorAlert error={failure.error} onOpenSettings={onOpenSettings} /> : null}

      <p role="status" className="visually-hidden">
        {spoken}
      </p>
    </section>
  )
}

function stateText(progress: JobProgress): string {
  switch (progress.state) {
    case 'running':
      return 'Running…'
    case 'throttled':
      return 'Paused by the server'
    case 'finished':
      return progress.finishedAt === null
        ? 'Finished'
        : `Finished in ${formatDuration(Date.parse(progress.finishedAt) - Date.parse(progress.startedAt))}`
    case 'cancelled':
      return 'Cancelled'
    case 'interrupted':
      return 'Interrupted'
  }
}

/**
 * Speaks state changes only; the counters change ten times a second and would drown everything else.
 * Waits until the results have caught up, so the counts spoken are the counts on screen.
 */
function useAnnouncement(progress: JobProgress, caughtUp: boolean): string {
  const previous = useRef<JobProgress | undefined>(undefined)
  const [spoken, setSpoken] = useState('')
  useEffect(() => {
    if (!caughtUp) return
    const message = announcement(previous.current, progress)
    previous.current = progress
    if (message !== null) setSpoken(message)
  }, [progress, caughtUp])
  return spoken
}
