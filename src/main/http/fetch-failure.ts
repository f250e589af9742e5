/** Why a `fetch` rejected: the caller gave up, our timeout fired, or the network failed. */
export type FetchFailure = 'cancelled' | 'timeout' | 'network'

export function classifyFetchFailure(error: unknown, callerSignal: AbortSignal | undefined, timeoutSignal: AbortSignal): FetchFailure {
  if (callerSignal?.aborted === true) return 'cancelled'
  if (timeoutSignal.aborted) return 'timeout'
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout'
  return 'network'
}

/** Joins a host (which may carry a path prefix or a trailing slash) and an absolute API path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}
