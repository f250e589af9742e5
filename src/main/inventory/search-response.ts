import { z } from 'zod'
import { inventoryLocationSchema, type InventoryItem } from '../../shared/domain/line-result'

/**
 * The response is documented only by field names, so parsing is tolerant: documented fields are
 * typed where present, anything else is kept in `raw` for the detail panel.
 */
const itemSchema = z.looseObject({
  gtin: z.union([z.string(), z.number()]).nullish(),
  wm_item_number: z.union([z.string(), z.number()]).nullish(),
  inventory_locations: z.array(z.unknown()).nullish()
})

const envelopeSchema = z.looseObject({
  supplier_name: z.string().nullish().catch(null),
  store_nbr: z.union([z.number(), z.string()]).nullish().catch(null),
  items: z.array(z.unknown()).nullish()
})

export function parseSearchResponse(json: unknown): InventoryItem[] {
  const envelope = envelopeSchema.parse(json)
  const storeNbr = envelope.store_nbr === null || envelope.store_nbr === undefined ? null : Number(envelope.store_nbr)
  const items: InventoryItem[] = []
  for (const raw of envelope.items ?? []) {
    const parsed = itemSchema.safeParse(raw)
    if (!parsed.success) continue
    const item = parsed.data
    const locations = (item.inventory_locations ?? []).flatMap((location) => {
      const result = inventoryLocationSchema.safeParse(location)
      return result.success ? [result.data] : []
    })
    items.push({
      gtin: normalizeReturnedGtin(item.gtin),
      wm_item_number: item.wm_item_number === null || item.wm_item_number === undefined ? null : String(item.wm_item_number),
      supplier_name: envelope.supplier_name ?? null,
      store_nbr: Number.isFinite(storeNbr) ? storeNbr : null,
      inventory_locations: locations,
      total_quantity: locations.reduce((sum, location) => sum + location.quantity, 0),
      raw
    })
  }
  return items
}

function normalizeReturnedGtin(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const text = String(value).trim()
  return /^\d{1,14}$/.test(text) ? text.padStart(14, '0') : text
}
