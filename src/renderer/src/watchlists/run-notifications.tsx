import { useEffect, useEffectEvent, useState } from 'react'
import { notificationLine, type RunNotification } from '../../../shared/schedules/schedule-notification'
import './watchlists.css'

/** Notifications kept on the page at once: the latest, as a desktop's notification centre keeps them. */
const MAX_SHOWN = 5

/**
 * Notifications after scheduled runs. In the app they are the OS's own, and a click on one
 * arrives here as `notifications:open`; in the browser preview, main's notification effect sends
 * them to the page, which shows them in this region. Either way a click opens that run on
 * "Since the last run".
 */
export function RunNotifications({ onOpen }: { onOpen: (jobId: string) => void }) {
  const [shown, setShown] = useState<Array<RunNotification & { key: number }>>([])
  const open = useEffectEvent((jobId: string | null) => {
    if (jobId !== null) onOpen(jobId)
  })

  useEffect(() => window.inventory.onNotificationOpened(({ jobId }) => open(jobId)), [])
  useEffect(
    () =>
      window.inventory.onNotificationShown((notification) =>
        setShown((current) => [{ ...notification, key: (current[0]?.key ?? 0) + 1 }, ...current].slice(0, MAX_SHOWN))
      ),
    []
  )

  const dismiss = (key: number) => setShown((current) => current.filter((notification) => notification.key !== key))
  return (
    <section role="status" aria-label="Notifications" className="run-notifications">
      {shown.map((notification) => (
        <div key={notification.key} className="run-notification">
          {notification.jobId === null ? (
            <p>{notificationLine(notification)}</p>
          ) : (
            <button
              type="button"
              className="run-notification-open"
              onClick={() => {
                dismiss(notification.key)
                if (notification.jobId !== null) onOpen(notification.jobId)
              }}
            >
              {notificationLine(notification)}
            </button>
          )}
          <button type="button" aria-label={`Dismiss: ${notificationLine(notification)}`} onClick={() => dismiss(notification.key)}>
            Dismiss
          </button>
        </div>
      ))}
    </section>
  )
}
