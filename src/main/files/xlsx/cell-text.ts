/** How a cell's stored value reads as text, the way a person sees it in Excel. Pure. */

/** Long integers in plain digits (never `1.23E+13`); other numbers to Excel's 15 significant digits. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  if (Number.isInteger(value)) return BigInt(value).toString()
  // Beyond 15 digits is binary noise such as 0.30000000000000004.
  return String(Number(value.toPrecision(15)))
}

/** Dates without a time of day as `2024-05-31`, others as full ISO timestamps. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return ''
  const iso = date.toISOString()
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso
}
