import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { historyListQuery } from '../api/history-queries'

/** The search runs this long after the last key, not on every key. */
const SEARCH_AFTER_MS = 300

/** `value` once it has not changed for `ms`. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** History as the search box narrows it, asked once the typing stops. */
export function useHistoryList(searchText: string) {
  const search = useSettledValue(searchText.trim(), SEARCH_AFTER_MS)
  const query = useInfiniteQuery(historyListQuery(search))
  return { ...query, search }
}
