/** Lines to look up, packed for a post to the worker thread: numbers, input lengths, and one text. */
export interface PackedLines {
  lines: Float64Array
  lengths: Uint32Array
  text: string
}

export function packLines(lines: readonly { line: number; input: string }[]): PackedLines {
  const numbers = new Float64Array(lines.length)
  const lengths = new Uint32Array(lines.length)
  const inputs: string[] = new Array<string>(lines.length)
  lines.forEach(({ line, input }, index) => {
    numbers[index] = line
    lengths[index] = input.length
    inputs[index] = input
  })
  return { lines: numbers, lengths, text: inputs.join('') }
}

export function unpackLines(lines: Float64Array, lengths: Uint32Array, text: string): { line: number; input: string }[] {
  const unpacked = new Array<{ line: number; input: string }>(lines.length)
  let offset = 0
  for (let index = 0; index < lines.length; index++) {
    const length = lengths[index] ?? 0
    unpacked[index] = { line: lines[index] ?? 0, input: text.slice(offset, offset + length) }
    offset += length
  }
  return unpacked
}
