import { gs1CheckDigit } from '../../../shared/domain/gtin'

/** `count` distinct, valid 14-digit GTINs, the same ones for the same `first`. */
export function validGtins(count: number, first = 1): string[] {
  return Array.from({ length: count }, (_, i) => {
    const data = String(7_000_000_000 + first + i).padStart(13, '0')
    return `${data}${gs1CheckDigit(data)}`
  })
}

/** Numbers the inputs as a pasted list is numbered: the first value is line 1. */
export function asLines(inputs: readonly string[]): { line: number; input: string }[] {
  return inputs.map((input, i) => ({ line: i + 1, input }))
}
