import { useEffect } from 'react'

/**
 * While `active`, the window does not unload (closed, quit or reloaded) without asking: in the app,
 * main asks (its will-prevent-unload); in a browser, the browser does.
 */
export function useUnloadGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const refuse = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', refuse)
    return () => window.removeEventListener('beforeunload', refuse)
  }, [active])
}
