import { useId, useState } from 'react'
import type { Settings } from '../../../shared/settings'
import { useUpdateSettings } from '../api/settings-queries'
import { ErrorAlert } from '../errors/error-alert'

type BackgroundSettings = Pick<Settings, 'keepRunningInBackground' | 'openAtLogin' | 'schedulesPaused'>

/**
 * "Keep running when the window is closed" and "Open at login": saved as soon as they change, and
 * main follows them (the tray, the login item). Off by default. While the app runs in the tray,
 * Pause schedules there is shown here too, and can be undone.
 */
export function BackgroundSection({ settings }: { settings: BackgroundSettings }) {
  const update = useUpdateSettings()
  const ids = useId()
  // Shown as chosen at once: a choice on its way overrides main's settings until the save settles (the
  // settings query then holds main's answer, changes from the tray included; a failed save shows it back).
  const [pending, setPending] = useState<Partial<BackgroundSettings>>({})
  const shown = { ...settings, ...pending }
  const change = (patch: Partial<BackgroundSettings>) => {
    setPending((current) => ({ ...current, ...patch }))
    update.mutate(patch, {
      onSettled: () => setPending((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))))
    })
  }

  return (
    <section className="settings-history" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>Running in the background</h3>
      <div className="checkbox-field">
        <input
          id={`${ids}-keep`}
          type="checkbox"
          checked={shown.keepRunningInBackground}
          aria-describedby={`${ids}-keep-hint`}
          onChange={(event) => change({ keepRunningInBackground: event.target.checked })}
        />
        <label htmlFor={`${ids}-keep`}>Keep running when the window is closed</label>
        <span id={`${ids}-keep-hint`} className="field-hint">
          Watchlists then run on their schedules with the window closed. The app stays in the tray (the notification area), whose menu opens
          the window, runs a watchlist now, pauses the schedules or quits.
        </span>
      </div>
      <div className="checkbox-field">
        <input
          id={`${ids}-login`}
          type="checkbox"
          checked={shown.openAtLogin}
          aria-describedby={`${ids}-login-hint`}
          onChange={(event) => change({ openAtLogin: event.target.checked })}
        />
        <label htmlFor={`${ids}-login`}>Open at login</label>
        <span id={`${ids}-login-hint`} className="field-hint">
          The app opens when you log in to this computer: hidden in the tray when it keeps running in the background, else with its window.
        </span>
      </div>
      <div className="checkbox-field">
        <input
          id={`${ids}-paused`}
          type="checkbox"
          checked={shown.schedulesPaused}
          aria-describedby={`${ids}-paused-hint`}
          onChange={(event) => change({ schedulesPaused: event.target.checked })}
        />
        <label htmlFor={`${ids}-paused`}>Pause schedules</label>
        <span id={`${ids}-paused-hint`} className="field-hint">
          No watchlist runs by itself until this is off again; the times missed meanwhile are not made up.
        </span>
      </div>
      {update.isError ? <ErrorAlert error={update.error} inSettings /> : null}
    </section>
  )
}
