/**
 * Cells (or null) packed as one text and each one's length, -1 for null: a message copies them in
 * microseconds where as many strings take milliseconds each way. The text travels as UTF-8 bytes,
 * not a string: a lookup's carried cells (7.5 MB for 200,000 rows of bench's file) pass through
 * main on their way from the files worker to History's writer, and as strings each part landed on
 * main's heap (young generation's large-object space, 9.5 MB in a lookup's first second) where
 * bytes sit outside it. A lone surrogate comes back as U+FFFD, one code unit as it was, so the
 * lengths still hold; History stores that character for it anyway.
 */
export interface PackedCells {
  lengths: Int32Array
  /** Every cell's text, one after another, as UTF-8; `lengths` counts each in UTF-16 code units, as `string.length` does. */
  bytes: Uint8Array
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export function packCells(cells: readonly (string | null)[]): PackedCells {
  const lengths = new Int32Array(cells.length)
  const texts: string[] = []
  cells.forEach((cell, index) => {
    lengths[index] = cell === null ? -1 : cell.length
    if (cell !== null) texts.push(cell)
  })
  return { lengths, bytes: encoder.encode(texts.join('')) }
}

export function unpackCells({ lengths, bytes }: PackedCells): (string | null)[] {
  const text = decoder.decode(bytes)
  const cells = new Array<string | null>(lengths.length)
  let offset = 0
  for (let index = 0; index < lengths.length; index++) {
    const length = lengths[index] ?? -1
    if (length < 0) {
      cells[index] = null
      continue
    }
    cells[index] = text.slice(offset, offset + length)
    offset += length
  }
  return cells
}
