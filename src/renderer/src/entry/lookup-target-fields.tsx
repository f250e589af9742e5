import { useId } from 'react'
import type { ItemType } from '../../../shared/domain/item-type'
import { checkStoreNumber } from './store-number'

interface LookupTargetFieldsProps {
  storeText: string
  onStoreTextChange: (text: string) => void
  onStoreCommit: () => void
  itemType: ItemType
  onItemTypeChange: (itemType: ItemType) => void
}

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  gtin: 'GTIN',
  wm_item_number: 'Walmart item number'
}

export function LookupTargetFields({ storeText, onStoreTextChange, onStoreCommit, itemType, onItemTypeChange }: LookupTargetFieldsProps) {
  const ids = useId()
  const check = checkStoreNumber(storeText)
  return (
    <div className="row lookup-target">
      <div className="field">
        <label htmlFor={`${ids}-store`}>Store number</label>
        <input
          id={`${ids}-store`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="store-input"
          value={storeText}
          aria-invalid={!check.ok}
          aria-describedby={check.ok ? undefined : `${ids}-store-error`}
          onChange={(event) => onStoreTextChange(event.target.value)}
          onBlur={onStoreCommit}
        />
        {check.ok ? null : (
          <span id={`${ids}-store-error`} className="field-error">
            {check.message}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-item-type`}>Item type</label>
        <select
          id={`${ids}-item-type`}
          value={itemType}
          onChange={(event) => onItemTypeChange(event.target.value as ItemType)}
        >
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
