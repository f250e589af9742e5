import { useLayoutEffect } from 'react'

/**
 * While `active`, the window does not unload (closed, quit or reloaded) without asking: in the app,
 * main asks (its will-prevent-unload); in a browser, the browser does. Set as the render that shows
 * `active` is committed, so nothing on screen says "not saved" while the window could still close
 * without asking.
 */
export function useUnloadGuard(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return
    const refuse = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', refuse)
    return () => window.removeEventListener('beforeunload', refuse)
  }, [active])
}
