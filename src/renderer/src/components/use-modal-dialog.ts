import { useEffectEvent, useLayoutEffect, type RefObject } from 'react'

/**
 * Shows the dialog as a modal while `open` and closes it otherwise, in the same commit as the
 * state that says so: a layout effect runs before the browser handles another event. With a
 * passive effect the dialog stayed open for a moment after the screen had moved on (the note
 * "Watchlist saved" already showing), and a shortcut pressed then was refused as if a dialog
 * were still open. `onShow` runs as it opens (resetting its fields, moving the focus).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, onShow?: () => void): void {
  const show = useEffectEvent(() => onShow?.())
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      dialog.showModal()
      show()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [ref, open])
}
