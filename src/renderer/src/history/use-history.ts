import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { callInventory } from '../api/inventory-call'

/** Every History query starts with this key: a change to History (a delete, a new lookup) refreshes them all. */
export const HISTORY_KEY = ['history'] as const

/** Lookups per page: enough to fill a screen, few enough that main answers at once. */
const PAGE_SIZE = 50

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

/** History newest first, a page at a time, narrowed by the search words (a GTIN or item number it contained, a store, a state). */
export function useHistoryList(searchText: string) {
  const search = useSettledValue(searchText.trim(), SEARCH_AFTER_MS)
  const query = useInfiniteQuery({
    queryKey: [...HISTORY_KEY, 'list', search],
    queryFn: ({ pageParam }) =>
      callInventory(
        window.inventory.listLookups({
          ...(search === '' ? {} : { search }),
          ...(pageParam === null ? {} : { before: pageParam }),
          limit: PAGE_SIZE
        })
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.more ? (page.lookups.at(-1)?.jobId ?? null) : null),
    // History changes behind the screen's back (lookups end, the headless command adds runs): read it afresh each visit.
    staleTime: 0
  })
  return { ...query, search }
}

/** Removes a lookup from History; every History list is read again. */
export function useDeleteLookup(onDeleted: (jobId: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (jobId: string) => callInventory(window.inventory.deleteLookup({ jobId })),
    onSuccess: (_result, jobId) => {
      onDeleted(jobId)
      void queryClient.invalidateQueries({ queryKey: HISTORY_KEY })
    }
  })
}
