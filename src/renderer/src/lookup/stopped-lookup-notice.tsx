import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { latestLookupQuery } from '../api/history-queries'
import { ErrorAlert } from '../errors/error-alert'
import { answeredText, canResume, lookupLabel } from '../format/lookup-labels'

interface StoppedLookupNoticeProps {
  onResume: (jobId: string) => Promise<void>
  onOpen: (jobId: string) => Promise<void>
}

/**
 * When the window opens on nothing, the newest lookup may need the person: one a quit, a crash or a
 * reload interrupted (offer to resume it), or one still running in the background after a reload
 * (offer to show it).
 */
export function StoppedLookupNotice({ onResume, onOpen }: StoppedLookupNoticeProps) {
  const latest = useQuery(latestLookupQuery)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<unknown>(null)
  const lookup = latest.data?.lookups[0]
  if (lookup === undefined || lookup.jobId === dismissed) return null
  const interrupted = lookup.state === 'interrupted' && canResume(lookup)
  const running = lookup.state === 'running' && lookup.runningHere
  if (!interrupted && !running) return null

  const act = (work: (jobId: string) => Promise<void>) => {
    setBusy(true)
    setProblem(null)
    work(lookup.jobId)
      .catch((error: unknown) => setProblem(error))
      .finally(() => setBusy(false))
  }

  return (
    <section className="notice notice-warning stopped-lookup" aria-label={interrupted ? 'Interrupted lookup' : 'Running lookup'}>
      <div>
        <p>
          {interrupted
            ? `Lookup ${lookup.jobId} (${lookupLabel(lookup)}) was interrupted with ${answeredText(lookup) ?? 'every value answered'}. Resume looks up only the values without an answer.`
            : `Lookup ${lookup.jobId} (${lookupLabel(lookup)}) is still running.`}
        </p>
        {problem === null ? null : <ErrorAlert error={problem} onDismiss={() => setProblem(null)} />}
      </div>
      {interrupted ? (
        <button type="button" className="primary" disabled={busy} onClick={() => act(onResume)}>
          Resume
        </button>
      ) : null}
      <button type="button" disabled={busy} onClick={() => act(onOpen)}>
        {interrupted ? 'Open' : 'Show it'}
      </button>
      <button type="button" className="link" disabled={busy} onClick={() => setDismissed(lookup.jobId)}>
        Not now
      </button>
    </section>
  )
}
