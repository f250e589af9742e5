import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InvokeValue } from '../../../shared/contract'
import type { SettingsPatch } from '../../../shared/settings'
import { callInventory } from './inventory-call'

export type SettingsResult = InvokeValue<'getSettings'>

/** The settings as main stores them: read once, then replaced by main's answer to every save. */
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
