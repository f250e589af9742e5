import { useId, useState, type FormEvent } from 'react'
import {
  DEFAULT_HISTORY_ANSWER_DAYS,
  DEFAULT_HISTORY_RETENTION_DAYS,
  HISTORY_RETENTION_DAYS,
  historyRetentionDaysSchema
} from '../../../shared/settings'
import { useUpdateSettings } from '../api/settings-queries'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount } from '../format/format'

interface HistoryRetentionFormProps {
  /** Days a lookup is kept at all (its summary with it). */
  days: number
  /** Days its full answers are kept. */
  answerDays: number
}

function parseDays(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const parsed = historyRetentionDaysSchema.safeParse(Number(text))
  return parsed.success ? parsed.data : null
}

const daysWord = (days: number) => `${formatCount(days)} ${days === 1 ? 'day' : 'days'}`

/**
 * "Keep full answers for [90] days, summaries for [730]": History's retention, applied by main each
 * time the app starts. Older full answers go while their summaries (what Trends draws) stay.
 */
export function HistoryRetentionForm({ days, answerDays }: HistoryRetentionFormProps) {
  const update = useUpdateSettings()
  const [answersText, setAnswersText] = useState(String(answerDays))
  const [summariesText, setSummariesText] = useState(String(days))
  const [saved, setSaved] = useState('')
  const [problem, setProblem] = useState<{ field: 'answers' | 'summaries'; text: string } | null>(null)
  const answersId = useId()
  const summariesId = useId()
  const hintId = useId()
  const problemId = useId()

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const answers = parseDays(answersText)
    const summaries = parseDays(summariesText)
    setSaved('')
    const range = `Enter a whole number of days from ${formatCount(HISTORY_RETENTION_DAYS.min)} to ${formatCount(HISTORY_RETENTION_DAYS.max)}.`
    if (answers === null) return setProblem({ field: 'answers', text: range })
    if (summaries === null) return setProblem({ field: 'summaries', text: range })
    if (answers > summaries) {
      return setProblem({ field: 'answers', text: 'Full answers cannot be kept longer than summaries: enter fewer days for full answers.' })
    }
    setProblem(null)
    update.mutate(
      { historyAnswerDays: answers, historyRetentionDays: summaries },
      {
        onSuccess: () =>
          setSaved(
            `Saved: full answers older than ${daysWord(answers)} and lookups older than ${daysWord(summaries)} are removed when the app starts.`
          )
      }
    )
  }

  const describedBy = (field: 'answers' | 'summaries') => (problem?.field === field ? `${problemId} ${hintId}` : hintId)

  return (
    <section className="settings-history" aria-labelledby="history-settings-heading">
      <h3 id="history-settings-heading">History</h3>
      <form className="row" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={answersId}>Keep full answers for (days)</label>
          <input
            id={answersId}
            type="text"
            inputMode="numeric"
            size={5}
            value={answersText}
            aria-invalid={problem?.field === 'answers' || undefined}
            aria-describedby={describedBy('answers')}
            onChange={(event) => setAnswersText(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={summariesId}>Keep summaries for (days)</label>
          <input
            id={summariesId}
            type="text"
            inputMode="numeric"
            size={5}
            value={summariesText}
            aria-invalid={problem?.field === 'summaries' || undefined}
            aria-describedby={describedBy('summaries')}
            onChange={(event) => setSummariesText(event.target.value)}
          />
        </div>
        <button type="submit" aria-label="Save History setting" disabled={update.isPending}>
          Save
        </button>
      </form>
      <p id={hintId} className="field-hint">
        After the first number of days a lookup keeps only its summary (counts and each item&apos;s status per store, what Trends draws);
        after the second it is removed. Checked each time the app starts; {formatCount(DEFAULT_HISTORY_ANSWER_DAYS)} and{' '}
        {formatCount(DEFAULT_HISTORY_RETENTION_DAYS)} days unless you change them.
      </p>
      {problem === null ? null : (
        <p id={problemId} className="field-error" role="alert">
          {problem.text}
        </p>
      )}
      {update.isError ? <ErrorAlert error={update.error} inSettings /> : null}
      <p role="status" className="field-hint">
        {saved}
      </p>
    </section>
  )
}
