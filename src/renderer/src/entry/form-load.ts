import type { InputLine } from '../../../shared/contract'
import type { EnvironmentId, ItemType } from '../../../shared/domain/item-type'

/** A list put into the lookup form by Edit: a lookup's, or a watchlist's (then saving goes over it). */
export interface FormLoad {
  /** Bumped by each Edit, so the same list asked twice loads twice. */
  request: number
  lines: InputLine[]
  stores: number[]
  itemType: ItemType
  environment: EnvironmentId
  watchlist: { id: string; name: string } | null
}
