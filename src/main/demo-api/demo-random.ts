/**
 * Small deterministic randomness for the Demo API: the same seed or key always yields the same
 * sequence, so demo data, response order and injected faults can be replayed exactly in tests.
 */
export type RandomSource = () => number

/** FNV-1a over UTF-16 code units: fast, stable across runs and good enough to spread keys. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: a tiny PRNG with a 32-bit state, returning floats in [0, 1). */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function randomFor(key: string): RandomSource {
  return seededRandom(hashString(key))
}

/** An integer in [min, max], both ends included. */
export function randomInt(random: RandomSource, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

export function pickOne<T>(random: RandomSource, options: readonly [T, ...T[]]): T {
  return options[Math.floor(random() * options.length)] ?? options[0]
}

export function randomDigits(random: RandomSource, count: number): string {
  let digits = ''
  for (let i = 0; i < count; i += 1) digits += String(randomInt(random, 0, 9))
  return digits
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(random: RandomSource, values: readonly T[]): T[] {
  const copy = [...values]
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    const a = copy[i] as T
    copy[i] = copy[j] as T
    copy[j] = a
  }
  return copy
}
