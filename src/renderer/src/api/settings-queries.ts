import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { InvokeValue } from '../../../shared/contract'
import type { SettingsPatch } from '../../../shared/settings'
import { callInventory } from './inventory-call'

export type SettingsResult = InvokeValue<'getSettings'>

/** The settings as main stores them: read once, then replaced by main's answer to every save and by each change main tells of. */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => callInventory(window.inventory.getSettings()),
  staleTime: Infinity
})

export function useSettings() {
  return useQuery(settingsQuery)
}

/** Saves a patch; the cache takes main's answer, which is the settings as actually stored. */
export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: SettingsPatch) => callInventory(window.inventory.updateSettings(patch)),
    onSuccess: (result) => {
      queryClient.setQueryData(settingsQuery.queryKey, result)
    }
  })
}

/** What a settings event does: the settings query holds main's settings as told, as it holds main's answer to a save. */
export function followSettings(queryClient: QueryClient): (answer: SettingsResult) => void {
  return (answer) => queryClient.setQueryData(settingsQuery.queryKey, answer)
}

/**
 * Subscribes once for the whole app: settings main changes by itself (the tray's Pause schedules)
 * reach the cache at once, so Settings shows them without being read again.
 */
export function useSettingsSubscription(): void {
  const queryClient = useQueryClient()
  useEffect(() => window.inventory.onSettingsChanged(followSettings(queryClient)), [queryClient])
}
