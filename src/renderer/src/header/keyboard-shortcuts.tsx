import { useEffect, useId, useRef, useState } from 'react'
import { useModalDialog } from '../components/use-modal-dialog'
import { SHORTCUT_GROUPS } from './shortcut-list'

const isMac = /Mac|iPhone|iPad/.test(navigator.platform)

/**
 * The "Keyboard shortcuts" button of the header and the list it opens, on the native modal <dialog>
 * (focus kept inside, Escape closes, focus returns to the button). Ctrl+/ opens it from anywhere.
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || !(event.ctrlKey || event.metaKey) || event.altKey) return
      event.preventDefault()
      setOpen(true)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  useModalDialog(dialogRef, open)

  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Keyboard shortcuts
      </button>
      <dialog ref={dialogRef} className="shortcuts-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <h2 id={titleId}>Keyboard shortcuts</h2>
        {isMac ? <p className="muted">On a Mac, press ⌘ Command where the list says Ctrl.</p> : null}
        <div className="shortcut-groups">
          {SHORTCUT_GROUPS.map((group) => (
            <table key={group.where} className="shortcut-table">
              <caption>{group.where}</caption>
              <thead>
                <tr>
                  <th scope="col">Keys</th>
                  <th scope="col">What they do</th>
                </tr>
              </thead>
              <tbody>
                {group.shortcuts.map((shortcut) => (
                  <tr key={`${shortcut.does}`}>
                    <td>
                      {shortcut.keys.map((combination, index) => (
                        <span key={combination.join('+')}>
                          {index > 0 ? ' or ' : null}
                          {combination.map((key, keyIndex) => (
                            <span key={key}>
                              {keyIndex > 0 ? '+' : null}
                              <kbd>{isMac && key === 'Ctrl' ? '⌘' : key}</kbd>
                            </span>
                          ))}
                        </span>
                      ))}
                    </td>
                    <td>{shortcut.does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
        <div className="dialog-actions">
          <button type="button" className="primary" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </dialog>
    </>
  )
}
