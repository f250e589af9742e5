import { readFileSync, writeFileSync } from 'node:fs'

/**
 * The process's peak resident memory between `reset()` and `read()`, measured without running
 * anything on main's thread in between: on Linux the kernel keeps the peak (VmHWM in
 * /proc/self/status) and writing 5 to /proc/self/clear_refs starts it again from the memory
 * resident now. Elsewhere (or where that file cannot be written) a timer samples the resident
 * memory every 20 ms, as the benchmarks did before: a timer on main's thread that costs it ~100 ms
 * of CPU time in 12 s, which then counts in every step's figure for main.
 */
export interface PeakRss {
  /** Where the peak comes from, for the printout. */
  readonly source: 'kernel' | 'sampled'
  reset(): void
  /** Bytes. */
  read(): number
  stop(): void
}

const SAMPLE_MS = 20

export function peakRss(): PeakRss {
  return kernelPeak() ?? sampledPeak()
}

function kernelPeak(): PeakRss | null {
  if (process.platform !== 'linux') return null
  const restart = (): void => writeFileSync('/proc/self/clear_refs', '5')
  const highWater = (): number => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN) * 1024
  try {
    restart()
    if (!Number.isFinite(highWater())) return null
  } catch {
    return null
  }
  return {
    source: 'kernel',
    reset: restart,
    read: () => Math.max(highWater(), process.memoryUsage.rss()),
    stop: () => undefined
  }
}

export function sampledPeak(): PeakRss {
  let peak = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, SAMPLE_MS)
  return {
    source: 'sampled',
    reset: () => {
      peak = process.memoryUsage.rss()
    },
    read: () => Math.max(peak, process.memoryUsage.rss()),
    stop: () => clearInterval(sampler)
  }
}
