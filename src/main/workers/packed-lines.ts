/** Lines to look up, packed for a post to the worker thread: numbers, input lengths, and one text. */
export interface PackedLines {
  lines: Float64Array
  lengths: Uint32Array
  text: string
}

/** One plain loop, the text built as it goes: a callback and an array of 200,000 inputs joined at the end took twice as long, in one stretch of main's loop. */
export function packLines(lines: readonly { line: number; input: string }[]): PackedLines {
  const numbers = new Float64Array(lines.length)
  const lengths = new Uint32Array(lines.length)
  let text = ''
  for (let index = 0; index < lines.length; index++) {
    const { line, input } = lines[index] ?? { line: 0, input: '' }
    numbers[index] = line
    lengths[index] = input.length
    text += input
  }
  return { lines: numbers, lengths, text }
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
