import { useCallback, useMemo, useState } from 'react'
import { formatStoreList, parseStoreList } from '../../../shared/domain/store-list'
import { savedStores, type Settings, type StoreGroup } from '../../../shared/settings'
import { useUpdateSettings } from '../api/settings-queries'
import { groupsOffered, groupWithStores, withGroup, withoutGroup } from './store-groups'

function sameStores(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((store, index) => store === b[index])
}

/**
 * The Stores field: its text as typed, the list it reads as (checked on every key), the groups it
 * offers and the one it shows; the list and the groups are kept in settings.
 */
export function useStores(settings: Settings) {
  const { mutate } = useUpdateSettings()
  const [text, setText] = useState(() => formatStoreList(savedStores(settings)))
  const check = useMemo(() => parseStoreList(text), [text])
  const groups = useMemo(() => groupsOffered(settings.storeGroups, settings.environment), [settings.storeGroups, settings.environment])
  const group = check.ok ? groupWithStores(groups, check.stores) : null
  const saved = groupWithStores(settings.storeGroups, check.ok ? check.stores : [])

  const keep = useCallback(
    (stores: readonly number[]) => {
      if (!sameStores(stores, savedStores(settings))) mutate({ stores: [...stores] })
    },
    [mutate, settings]
  )
  const commit = useCallback(() => {
    if (check.ok) keep(check.stores)
  }, [check, keep])
  const choose = useCallback(
    (stores: readonly number[]) => {
      setText(formatStoreList(stores))
      keep(stores)
    },
    [keep]
  )
  const saveGroup = useCallback(
    (next: StoreGroup) => mutate({ storeGroups: withGroup(settings.storeGroups, next) }),
    [mutate, settings.storeGroups]
  )
  const deleteGroup = useCallback(
    (name: string) => mutate({ storeGroups: withoutGroup(settings.storeGroups, name) }),
    [mutate, settings.storeGroups]
  )

  return { text, setText, check, groups, group, savedGroup: saved, commit, choose, saveGroup, deleteGroup }
}

export type StoresEntry = ReturnType<typeof useStores>
