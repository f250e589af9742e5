import { MAX_STORE_NBR } from '../../../shared/domain/store-list'

export type StoreNumberCheck = { ok: true; value: number } | { ok: false; message: string }

/** Checks the store number as the person types; the message says how to fix it. */
export function checkStoreNumber(text: string): StoreNumberCheck {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'Enter the store number, e.g. 1234.' }
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'Use digits only: the store number is a whole number such as 1234.' }
  const value = Number(trimmed)
  if (value <= 0) return { ok: false, message: 'The store number must be 1 or more.' }
  if (value > MAX_STORE_NBR) return { ok: false, message: `The store number must be at most ${MAX_STORE_NBR}.` }
  return { ok: true, value }
}
