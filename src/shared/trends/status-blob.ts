/**
 * A store's statuses for a run's values (a byte each, in-stock 0), as stored: most values are in
 * stock, so a blob usually lists only the others, each as the gap from the previous one (a varint)
 * and its code, about 2 bytes per value that needs attention instead of 1 per value. A run where
 * that would be larger is stored a byte per value. The first byte says which.
 */
const DENSE = 0
const SPARSE = 1

export function packStatuses(statuses: Uint8Array): Uint8Array {
  const sparse: number[] = [SPARSE]
  let previous = -1
  for (let position = 0; position < statuses.length; position += 1) {
    const code = statuses[position] ?? 0
    if (code === 0) continue
    let gap = position - previous - 1
    previous = position
    while (gap >= 0x80) {
      sparse.push((gap & 0x7f) | 0x80)
      gap >>>= 7
    }
    sparse.push(gap, code)
    if (sparse.length > statuses.length) {
      const dense = new Uint8Array(statuses.length + 1)
      dense[0] = DENSE
      dense.set(statuses, 1)
      return dense
    }
  }
  return Uint8Array.from(sparse)
}

/** Calls `visit` for every value whose status is not in stock, in order. */
export function forEachNotInStock(blob: Uint8Array, visit: (position: number, code: number) => void): void {
  if (blob[0] === DENSE) {
    for (let index = 1; index < blob.length; index += 1) {
      const code = blob[index] ?? 0
      if (code !== 0) visit(index - 1, code)
    }
    return
  }
  let position = -1
  let index = 1
  while (index < blob.length) {
    let gap = 0
    let shift = 0
    let byte = blob[index++] ?? 0
    while (byte >= 0x80) {
      gap |= (byte & 0x7f) << shift
      shift += 7
      byte = blob[index++] ?? 0
    }
    gap |= byte << shift
    position += gap + 1
    visit(position, blob[index++] ?? 0)
  }
}

export function unpackStatuses(blob: Uint8Array, length: number): Uint8Array {
  const statuses = new Uint8Array(length)
  forEachNotInStock(blob, (position, code) => {
    if (position < length) statuses[position] = code
  })
  return statuses
}
