import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InvokeValue } from '../../../shared/contract'
import type { SettingsPatch } from '../../../shared/settings'
import { callInventory, queryKeys } from './inventory-call'

export type SettingsResult = InvokeValue<'getSettings'>

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => callInventory(window.inventory.getSettings()),
    staleTime: Infinity
  })
}

/** Saves a patch; the cache takes main's answer, which is the settings as actually stored. */
export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: SettingsPatch) => callInventory(window.inventory.updateSettings(patch)),
    onSuccess: (result) => {
      queryClient.setQueryData<SettingsResult>(queryKeys.settings, result)
    }
  })
}
