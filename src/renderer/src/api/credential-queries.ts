import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { CredentialStatus } from '../../../shared/contract'
import type { RemoteEnvironmentId } from '../../../shared/environments'
import { callInventory } from './inventory-call'

/** Whether an environment has its secret saved (never the secret): asked of main, replaced by its answer to a save or a removal. */
export function credentialStatusQuery(environment: RemoteEnvironmentId) {
  return queryOptions({
    queryKey: ['credentials', environment],
    queryFn: () => callInventory(window.inventory.getCredentialStatus({ environment }))
  })
}

export function useCredentialStatus(environment: RemoteEnvironmentId, enabled = true) {
  return useQuery({ ...credentialStatusQuery(environment), enabled })
}

/** Main's answer to saving or removing a secret is the new status: the cache takes it instead of asking again. */
export function storeCredentialStatus(queryClient: QueryClient, environment: RemoteEnvironmentId, status: CredentialStatus): void {
  queryClient.setQueryData(credentialStatusQuery(environment).queryKey, status)
}
