import { useEffect, useState } from 'react'
import type { EventPayload } from '../../../shared/contract'

type AppProblem = EventPayload<'onAppProblem'>

/**
 * What main says when a part of the app stopped unexpectedly (one of its threads, or one of
 * Electron's processes): the newest sentence, with Reload when reloading the window is offered,
 * until it is dismissed.
 */
export function AppProblemNotice() {
  const [problem, setProblem] = useState<AppProblem | null>(null)
  useEffect(() => window.inventory.onAppProblem(setProblem), [])
  if (problem === null) return null
  return (
    <div className="notice notice-warning" role="alert">
      <p>{problem.message}</p>
      {problem.reload ? (
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      ) : null}
      <button type="button" onClick={() => setProblem(null)}>
        Dismiss
      </button>
    </div>
  )
}
