import type { InventoryApi } from '../shared/contract'

declare global {
  interface Window {
    readonly inventory: InventoryApi
  }
}

export {}
