import { useId } from 'react'
import type { ItemType } from '../../../shared/domain/item-type'
import { StoresField } from './stores-field'
import type { StoresEntry } from './use-stores'

interface LookupTargetFieldsProps {
  stores: StoresEntry
  /** Stores x distinct values over the cap, in a sentence; null when the lookup fits. */
  sizeProblem: string | null
  itemType: ItemType
  onItemTypeChange: (itemType: ItemType) => void
}

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  gtin: 'GTIN',
  wm_item_number: 'Walmart item number'
}

export function LookupTargetFields({ stores, sizeProblem, itemType, onItemTypeChange }: LookupTargetFieldsProps) {
  const ids = useId()
  return (
    <div className="row lookup-target">
      <StoresField stores={stores} sizeProblem={sizeProblem} />
      <div className="field">
        <label htmlFor={`${ids}-item-type`}>Item type</label>
        <select id={`${ids}-item-type`} value={itemType} onChange={(event) => onItemTypeChange(event.target.value as ItemType)}>
          {(Object.keys(ITEM_TYPE_LABELS) as ItemType[]).map((type) => (
            <option key={type} value={type}>
              {ITEM_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
