/**
 * Counts, for every bit position of many bitsets, how many of them set it: a counter per position
 * held bit-sliced (plane `p` holds bit `p` of every count), so adding a bitset is a carry through
 * a few planes a 32-bit word at a time instead of a step per set bit. The trends add up to 36,500
 * bitsets of a year of a watchlist's runs this way, millions of set bits in all. The planes are one
 * Int32Array, one after the other, so the loop reads a single typed array of small integers.
 */
export class BitCounter {
  private digits = new Int32Array(0)
  private planes = 0
  private readonly size: number

  /** `columns` rows of `words` 32-bit words each (a row per store, a bit per value). */
  constructor(
    private readonly columns: number,
    private readonly words: number
  ) {
    this.size = columns * words
  }

  add(column: number, bits: Uint32Array): void {
    const base = column * this.words
    const words = Math.min(bits.length, this.words)
    const size = this.size
    // Locals, not fields, in the loop that runs millions of times a year of trends.
    let digits = this.digits
    let end = digits.length
    for (let word = 0; word < words; word += 1) {
      let carry = (bits[word] ?? 0) | 0
      for (let at = base + word; carry !== 0; at += size) {
        if (at >= end) {
          this.addPlane()
          digits = this.digits
          end = digits.length
        }
        const before = digits[at] ?? 0
        digits[at] = before ^ carry
        carry &= before
      }
    }
  }

  /**
   * Calls `visit` for every set bit of every plane: a position's count is the sum of the weights
   * it is visited with (1, 2, 4...), which the caller adds up in its own tally.
   */
  forEachWeight(visit: (column: number, position: number, weight: number) => void): void {
    for (let plane = 0; plane < this.planes; plane += 1) {
      const weight = 2 ** plane
      for (let column = 0; column < this.columns; column += 1) {
        const base = plane * this.size + column * this.words
        for (let word = 0; word < this.words; word += 1) {
          let rest = this.digits[base + word] ?? 0
          while (rest !== 0) {
            const lowest = rest & -rest
            rest ^= lowest
            visit(column, (word << 5) + 31 - Math.clz32(lowest), weight)
          }
        }
      }
    }
  }

  private addPlane(): void {
    const grown = new Int32Array((this.planes + 1) * this.size)
    grown.set(this.digits)
    this.digits = grown
    this.planes += 1
  }
}
