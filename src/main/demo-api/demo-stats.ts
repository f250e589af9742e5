export interface DemoApiStats {
  tokenRequests: number
  searchRequests: number
  /** Searches answered 429. */
  throttled: number
  /** Injected 500/503 answers. */
  serverErrors: number
  dropped: number
  malformed: number
  /** Values in searches that were looked up (answered 200, malformed or not, or 404 not mapped). */
  valuesSearched: number
  /** Searches held without an answer by `holdSearchesAfter`. */
  held: number
  /** Peak of searches in flight at once, from arrival until the response ends or the socket dies. */
  maxConcurrentSearches: number
}

export function emptyStats(): DemoApiStats {
  return {
    tokenRequests: 0,
    searchRequests: 0,
    throttled: 0,
    serverErrors: 0,
    dropped: 0,
    malformed: 0,
    valuesSearched: 0,
    held: 0,
    maxConcurrentSearches: 0
  }
}
