import { setFlagsFromString } from 'node:v8'

/**
 * How far a heap may grow past what its last full collection kept before V8 collects again, in
 * percent. V8's own choice for a process that allocates fast is up to 4 times: main kept 40-60 MB
 * alive through a 200,000-value lookup but let its old space reach 200-280 MB of mostly garbage,
 * History's writer thread did the same, and pages a heap has once grown into stay resident. RSS
 * after 50 lookups was 220-270 MB above the first (bench:history). At 1.5 times it was 147 MB
 * above; at 1.3 times 107 MB, with the same time per lookup (main's live set is small, so a full
 * collection is short and mostly off its thread).
 */
export const HEAP_GROWING_PERCENT = 30

/** Applies the growth limit to every heap in this process (V8's flags are per process: main's and every worker thread's). */
export function keepHeapsTight(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
}
