/** GS1 check digit of the 13 data digits of a GTIN-14. */
function checkDigit(data: string): number {
  let sum = 0
  for (let i = 0; i < data.length; i += 1) {
    const digit = Number(data[data.length - 1 - i])
    sum += digit * (i % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

/** `count` distinct, valid 14-digit GTINs, the same ones for the same `first`. */
export function validGtins(count: number, first = 1): string[] {
  return Array.from({ length: count }, (_, i) => {
    const data = String(7_000_000_000 + first + i).padStart(13, '0')
    return `${data}${checkDigit(data)}`
  })
}

/** Numbers the inputs as a pasted list is numbered: the first value is line 1. */
export function asLines(inputs: readonly string[]): { line: number; input: string }[] {
  return inputs.map((input, i) => ({ line: i + 1, input }))
}
