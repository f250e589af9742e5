import { useId, useState, type FormEvent } from 'react'
import { DEFAULT_HISTORY_RETENTION_DAYS, HISTORY_RETENTION_DAYS, historyRetentionDaysSchema } from '../../../shared/settings'
import { useUpdateSettings } from '../api/settings-queries'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount } from '../format/format'

interface HistoryRetentionFormProps {
  days: number
}

function parseDays(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const parsed = historyRetentionDaysSchema.safeParse(Number(text))
  return parsed.success ? parsed.data : null
}

/** "Remove lookups older than [90] days": History's retention, applied by main each time the app starts. */
export function HistoryRetentionForm({ days }: HistoryRetentionFormProps) {
  const update = useUpdateSettings()
  const [text, setText] = useState(String(days))
  const [saved, setSaved] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = useId()
  const hintId = useId()
  const problemId = useId()

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = parseDays(text)
    setSaved('')
    if (parsed === null) {
      setProblem(
        `Enter a whole number of days from ${formatCount(HISTORY_RETENTION_DAYS.min)} to ${formatCount(HISTORY_RETENTION_DAYS.max)}.`
      )
      return
    }
    setProblem(null)
    update.mutate(
      { historyRetentionDays: parsed },
      {
        onSuccess: () =>
          setSaved(`Saved: lookups older than ${formatCount(parsed)} ${parsed === 1 ? 'day' : 'days'} are removed when the app starts.`)
      }
    )
  }

  return (
    <section className="settings-history" aria-labelledby="history-settings-heading">
      <h3 id="history-settings-heading">History</h3>
      <form className="row" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={inputId}>Remove lookups older than</label>
          <span className="settings-history-days">
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              size={5}
              value={text}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem === null ? hintId : `${problemId} ${hintId}`}
              onChange={(event) => setText(event.target.value)}
            />{' '}
            days
          </span>
        </div>
        <button type="submit" aria-label="Save History setting" disabled={update.isPending}>
          Save
        </button>
      </form>
      <p id={hintId} className="field-hint">
        Checked each time the app starts; {DEFAULT_HISTORY_RETENTION_DAYS} days unless you change it.
      </p>
      {problem === null ? null : (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {update.isError ? <ErrorAlert error={update.error} inSettings /> : null}
      <p role="status" className="field-hint">
        {saved}
      </p>
    </section>
  )
}
