/** Cells (or null) packed as one text and each one's length, -1 for null: a message copies them in microseconds where as many strings take milliseconds each way. */
export interface PackedCells {
  lengths: Int32Array
  text: string
}

export function packCells(cells: readonly (string | null)[]): PackedCells {
  const lengths = new Int32Array(cells.length)
  const texts: string[] = []
  cells.forEach((cell, index) => {
    lengths[index] = cell === null ? -1 : cell.length
    if (cell !== null) texts.push(cell)
  })
  return { lengths, text: texts.join('') }
}

export function unpackCells({ lengths, text }: PackedCells): (string | null)[] {
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
