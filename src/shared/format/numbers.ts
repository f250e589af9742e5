/**
 * Numbers as people read them: the thousands grouping and decimal mark of a locale. Without a
 * locale, the runtime's own: the operating system's in the app (main and the window alike) and the
 * terminal's for the headless command. Identifiers (store numbers, GTINs, line numbers in a file)
 * are not quantities and are never grouped; files keep plain numbers and never pass through here.
 */
const formats = new Map<string, Intl.NumberFormat>()

export interface NumberOptions {
  /** Digits after the decimal mark at most (default 3, as Intl's); trailing zeros are left out. */
  maximumFractionDigits?: number
  /** A BCP 47 tag (`de-DE`); absent: the runtime's locale. */
  locale?: string | undefined
}

function numberFormat({ maximumFractionDigits = 3, locale }: NumberOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${maximumFractionDigits}`
  let format = formats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits })
    formats.set(key, format)
  }
  return format
}

/** "1,234.5" in en-US, "1.234,5" in de-DE, "1 234,5" in fr-FR. */
export function formatNumber(value: number, options: NumberOptions = {}): string {
  return numberFormat(options).format(value)
}

/** The decimal mark of `locale` (the runtime's without one): "." or ",". */
export function decimalMark(locale?: string): string {
  return (
    numberFormat({ maximumFractionDigits: 1, locale })
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  )
}
