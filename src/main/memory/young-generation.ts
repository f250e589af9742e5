import { PerformanceObserver } from 'node:perf_hooks'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'

/**
 * How far main's young generation is let grow, in MB (both of its halves, as V8 reports the new
 * space). V8 lets main's grow to 64 MB and shrinks it when main idles; every growth maps pages
 * again, and over 30 runs of one watchlist RSS crept up by 20 MB with nothing kept (bench:watchlists
 * part 4). Held at 16 MB it stayed flat, 110 MB lower, at the same CPU time on main; at 8 MB it was
 * flat too, but main spent about a fifth more CPU time on a 200,000-value lookup (bench:main).
 */
export const MAIN_YOUNG_GENERATION_MB = 16

const MB = 1024 * 1024
/** V8's own `--semi-space-growth-factor`. */
const V8_GROWTH_FACTOR = 2

/**
 * The growth factor V8 should use next, for a young generation of `committed` bytes: V8's own
 * doubling below the target, none at it. V8 reads `--semi-space-growth-factor` each time it grows
 * the young generation, and it is the only young-generation setting it takes after start: the size
 * flags are read only when a heap is set up, and Electron hands `--js-flags` to main's heap only when
 * given at launch (`app.commandLine.appendSwitch` reaches the renderers alone).
 */
export function growthFactorFor(committed: number, target: number = MAIN_YOUNG_GENERATION_MB * MB): number {
  return committed >= target ? 1 : V8_GROWTH_FACTOR
}

function newSpaceCommitted(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
}

let holding: PerformanceObserver | null = null
let factor = 0

function steer(): void {
  const next = growthFactorFor(newSpaceCommitted())
  if (next === factor) return
  factor = next
  setFlagsFromString(`--semi-space-growth-factor=${next}`)
}

/**
 * Holds this thread's young generation (main's, or the headless command's thread's) near
 * `MAIN_YOUNG_GENERATION_MB`: after each collection the growth factor is set for the next growth.
 * It is checked between tasks, so one long task that keeps much alive can still double it a few
 * times; V8 shrinks it again when the thread idles, and it comes back only as far as the target.
 * The flag is per process: while it is 1 a worker thread's young generation does not grow either,
 * and theirs are small anyway (`THREAD_YOUNG_GENERATION_MB`). Once per thread, for its life.
 */
export function holdYoungGeneration(): void {
  if (holding !== null) return
  steer()
  holding = new PerformanceObserver(steer)
  holding.observe({ entryTypes: ['gc'] })
}
