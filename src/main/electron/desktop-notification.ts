import { Notification } from 'electron'
import type { RunNotification } from '../../shared/schedules/schedule-notification'

/** Shown notifications, kept until clicked or closed: one no longer referenced can lose its click. */
const shown = new Set<Notification>()

/** The app's notification effect: the OS's own notification (already redacted by main); a click calls `open`. */
export function showDesktopNotification(notification: RunNotification, open: () => void): void {
  if (!Notification.isSupported()) return
  const desktop = new Notification({ title: notification.title, body: notification.body })
  shown.add(desktop)
  desktop.on('click', () => {
    shown.delete(desktop)
    open()
  })
  desktop.on('close', () => shown.delete(desktop))
  desktop.show()
}
