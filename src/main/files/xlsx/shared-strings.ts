/** The workbook lists more shared strings than the app reads. */
export class TooManySharedStringsError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} shared strings`)
    this.name = 'TooManySharedStringsError'
  }
}

/**
 * A workbook's shared strings, kept as compactly as they come: blocks of strings joined into one
 * string each, with a start offset per string. A sheet of 13 million distinct strings then costs
 * its characters plus 4 bytes each, not an object each.
 */
export class SharedStrings {
  private static readonly BLOCK = 4096
  private readonly blocks: string[] = []
  private current: string[] = []
  private starts = new Uint32Array(1024)
  private count = 0
  private offset = 0

  private closed = false

  /** `maxCount`: the string after the last allowed one is refused with `TooManySharedStringsError`. */
  constructor(private readonly maxCount = Number.POSITIVE_INFINITY) {}

  add(text: string): void {
    if (this.closed) throw new Error('shared strings are read-only once read from')
    if (this.count >= this.maxCount) throw new TooManySharedStringsError(this.maxCount)
    if (this.count === this.starts.length) {
      const grown = new Uint32Array(Math.min(this.starts.length * 2, this.maxCount))
      grown.set(this.starts)
      this.starts = grown
    }
    this.starts[this.count] = this.offset
    this.count += 1
    this.current.push(text)
    this.offset += text.length
    if (this.current.length === SharedStrings.BLOCK) this.seal()
  }

  get size(): number {
    return this.count
  }

  /** The string at `index`, or null when the workbook has no such string. */
  get(index: number): string | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return null
    // Blocks must all be full but the last, so the first read closes the list.
    this.closed = true
    this.seal()
    const block = this.blocks[Math.floor(index / SharedStrings.BLOCK)] ?? ''
    const start = this.starts[index] ?? 0
    const last = index % SharedStrings.BLOCK === SharedStrings.BLOCK - 1 || index === this.count - 1
    return block.slice(start, last ? block.length : this.starts[index + 1])
  }

  private seal(): void {
    if (this.current.length === 0) return
    this.blocks.push(this.current.join(''))
    this.current = []
    this.offset = 0
  }
}
