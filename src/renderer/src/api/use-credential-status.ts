import { useQuery } from '@tanstack/react-query'
import type { RemoteEnvironmentId } from '../../../shared/environments'
import { callInventory, queryKeys } from './inventory-call'

export function useCredentialStatus(environment: RemoteEnvironmentId, enabled = true) {
  return useQuery({
    queryKey: queryKeys.credentialStatus(environment),
    queryFn: () => callInventory(window.inventory.getCredentialStatus({ environment })),
    enabled
  })
}
