import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { callInventory } from './inventory-call'

/** Every History query's key starts with `historyKeys.all`: a change to History (a delete, a new lookup) refreshes them all. */
export const historyKeys = {
  all: ['history'] as const,
  list: (search: string) => [...historyKeys.all, 'list', search] as const,
  latest: () => [...historyKeys.all, 'latest'] as const
}

/** Lookups per page: enough to fill a screen, few enough that main answers at once. */
const PAGE_SIZE = 50

/** History newest first, a page at a time, narrowed by the search words (a GTIN or item number it contained, a store, a state). */
export function historyListQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: historyKeys.list(search),
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
}

/** The newest lookup, which the lookup screen may offer to resume or show when the window opens on nothing. */
export const latestLookupQuery = queryOptions({
  queryKey: historyKeys.latest(),
  queryFn: () => callInventory(window.inventory.listLookups({ limit: 1 })),
  staleTime: Number.POSITIVE_INFINITY
})

/** Removes a lookup from History; every History list is read again. */
export function useDeleteLookup(onDeleted: (jobId: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (jobId: string) => callInventory(window.inventory.deleteLookup({ jobId })),
    onSuccess: (_result, jobId) => {
      onDeleted(jobId)
      void queryClient.invalidateQueries({ queryKey: historyKeys.all })
    }
  })
}
