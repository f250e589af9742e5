import { useId, useRef, useState, type FormEvent } from 'react'
import {
  DEFAULT_SCHEDULE,
  MAX_SCHEDULE_TIMES,
  NOTIFY_CHOICE_LABELS,
  NOTIFY_CHOICES,
  scheduleSchema,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type NotifyChoice,
  type Schedule,
  type Weekday
} from '../../../shared/schedules/schedule'
import { useModalDialog } from '../components/use-modal-dialog'
import { ErrorAlert } from '../errors/error-alert'
import { WORKDAYS } from './schedule-text'

interface ScheduleDialogProps {
  /** The watchlist whose schedule is edited; null keeps the dialog closed. */
  watchlist: { name: string; schedule: Schedule | null } | null
  /** Null removes the schedule. Main's refusal is shown in the dialog. */
  onSave: (schedule: Schedule | null) => Promise<void>
  onCancel: () => void
}

interface Problem {
  field: 'days' | 'times' | 'notify' | 'form'
  /** The time the message is about, when it is about one. */
  index: number | null
  message: string
}

/** The first thing wrong with the form, in the schema's own sentence, placed beside its field. */
function problemOf(days: Weekday[], times: string[], notify: NotifyChoice, enabled: boolean): Problem | Schedule {
  const parsed = scheduleSchema.safeParse({ enabled, days, times, notify })
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const [field, index] = issue?.path ?? []
  return {
    field: field === 'days' || field === 'times' || field === 'notify' ? field : 'form',
    index: typeof index === 'number' ? index : null,
    message: issue?.message ?? 'Check the schedule.'
  }
}

/**
 * When a watchlist runs by itself (days of the week, one or more local times) and when its runs
 * notify. Checked with the contract's schema before it is sent, so each mistake is said beside
 * its field in the same sentence main would give.
 */
export function ScheduleDialog({ watchlist, onSave, onCancel }: ScheduleDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const firstRef = useRef<HTMLInputElement>(null)
  const ids = useId()
  const [enabled, setEnabled] = useState(true)
  const [days, setDays] = useState<Weekday[]>([])
  const [times, setTimes] = useState<string[]>([])
  const [notify, setNotify] = useState<NotifyChoice>(DEFAULT_SCHEDULE.notify)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)

  useModalDialog(dialogRef, watchlist !== null, () => {
    const start = watchlist?.schedule ?? DEFAULT_SCHEDULE
    setEnabled(start.enabled)
    setDays([...start.days])
    setTimes([...start.times])
    setNotify(start.notify)
    setProblem(null)
    setFailure(null)
    firstRef.current?.focus()
  })

  const save = (schedule: Schedule | null) => {
    setSaving(true)
    setFailure(null)
    onSave(schedule)
      .catch((caught: unknown) => setFailure(caught))
      .finally(() => setSaving(false))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = problemOf(days, times, notify, enabled)
    if ('field' in checked) {
      setProblem(checked)
      const target =
        checked.field !== 'times'
          ? `${ids}-${checked.field}-first`
          : checked.index === null
            ? `${ids}-times-add`
            : `${ids}-time-${checked.index}`
      document.getElementById(target)?.focus()
      return
    }
    save(checked)
  }

  const toggleDay = (day: Weekday, on: boolean) => {
    setDays((current) => (on ? [...current, day] : current.filter((other) => other !== day)))
    setProblem(null)
  }
  const setTime = (index: number, value: string) => {
    setTimes((current) => current.map((time, at) => (at === index ? value : time)))
    setProblem(null)
  }
  const name = watchlist?.name ?? ''
  const note = (field: Problem['field'], index: number | null = null) =>
    problem !== null && problem.field === field && (field !== 'times' || problem.index === index) ? problem.message : null

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog schedule-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${ids}-title`}>Schedule of “{name}”</h2>
        <p className="field-hint">Runs by itself while the app is open, at the computer’s local time.</p>
        <label className="schedule-check">
          <input ref={firstRef} type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          Run on this schedule
        </label>
        <fieldset className="schedule-days" aria-describedby={`${ids}-days-note`}>
          <legend>Days</legend>
          <div className="schedule-day-list">
            {WEEKDAYS.map((day, index) => (
              <label key={day} className="schedule-check">
                <input
                  id={index === 0 ? `${ids}-days-first` : undefined}
                  type="checkbox"
                  checked={days.includes(day)}
                  onChange={(event) => toggleDay(day, event.target.checked)}
                />
                {WEEKDAY_LABELS[day]}
              </label>
            ))}
          </div>
          <div className="schedule-shortcuts">
            <button type="button" onClick={() => (setDays([...WORKDAYS]), setProblem(null))}>
              Monday to Friday
            </button>
            <button type="button" onClick={() => (setDays([...WEEKDAYS]), setProblem(null))}>
              Every day
            </button>
          </div>
          <span id={`${ids}-days-note`} className={note('days') === null ? 'field-hint' : 'field-error'}>
            {note('days') ?? ''}
          </span>
        </fieldset>
        <fieldset className="schedule-times">
          <legend>Times (24-hour clock, HH:MM)</legend>
          {times.map((time, index) => (
            <div key={index} className="field schedule-time">
              <label htmlFor={`${ids}-time-${index}`}>Time {index + 1}</label>
              <input
                id={`${ids}-time-${index}`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="07:00"
                maxLength={5}
                value={time}
                aria-invalid={note('times', index) !== null}
                aria-describedby={`${ids}-time-${index}-note`}
                onChange={(event) => setTime(index, event.target.value)}
              />
              <button
                type="button"
                aria-label={`Remove time ${index + 1}`}
                onClick={() => (setTimes((current) => current.filter((_, at) => at !== index)), setProblem(null))}
              >
                Remove
              </button>
              <span id={`${ids}-time-${index}-note`} className={note('times', index) === null ? 'field-hint' : 'field-error'}>
                {note('times', index) ?? ''}
              </span>
            </div>
          ))}
          {note('times') === null ? null : (
            <span id={`${ids}-times-note`} className="field-error">
              {note('times')}
            </span>
          )}
          <button
            id={`${ids}-times-add`}
            type="button"
            aria-describedby={note('times') === null ? undefined : `${ids}-times-note`}
            disabled={times.length >= MAX_SCHEDULE_TIMES}
            onClick={() => {
              setTimes((current) => [...current, ''])
              setProblem(null)
            }}
          >
            Add a time
          </button>
        </fieldset>
        <div className="field">
          <label htmlFor={`${ids}-notify-first`}>Notify me</label>
          <select id={`${ids}-notify-first`} value={notify} onChange={(event) => setNotify(event.target.value as NotifyChoice)}>
            {NOTIFY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {NOTIFY_CHOICE_LABELS[choice]}
              </option>
            ))}
          </select>
          <span className="field-hint">After each scheduled run, about what changed since the run before; a failed run says why.</span>
        </div>
        {failure === null ? null : <ErrorAlert error={failure} onDismiss={() => setFailure(null)} />}
        <div className="dialog-actions">
          {watchlist?.schedule == null ? null : (
            <button type="button" className="danger" disabled={saving} onClick={() => save(null)}>
              Remove schedule
            </button>
          )}
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save schedule'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
