import { useEffect, useEffectEvent, type RefObject } from 'react'

interface ResultsShortcuts {
  /** Ctrl/Cmd+F: to the quick search. */
  find: () => void
  /** Ctrl/Cmd+E: the export dialog. */
  exportResults: () => void
}

/** Whether the element is on screen: not inside a hidden screen and not inside an open modal's backdrop. */
function isShown(element: HTMLElement | null): boolean {
  if (element === null || element.closest('[hidden]') !== null) return false
  const modal = document.querySelector('dialog[open]')
  return modal === null || modal.contains(element)
}

/** The results' shortcuts, from anywhere in the window while the results are on screen. */
export function useResultsShortcuts(section: RefObject<HTMLElement | null>, shortcuts: ResultsShortcuts): void {
  const handle = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || !isShown(section.current)) return
    const key = event.key.toLowerCase()
    if (key === 'f') {
      event.preventDefault()
      shortcuts.find()
    } else if (key === 'e') {
      event.preventDefault()
      shortcuts.exportResults()
    }
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handle(event)
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])
}
