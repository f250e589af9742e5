import { performance } from 'node:perf_hooks'
import { describeCensus, mb, memoryCensus, writeHeapSnapshots, type MemoryCensus } from './memory-census'

/** Runs before which memory is not held to be flat: V8 sizes each young generation and optimises, SQLite fills its page caches. */
export const WARM_UP_RUNS = 10
/** What a heap may gain from the end of the warm-up to the last run and still be flat: a few compiled functions and timers, not data kept per run. */
const HEAP_SLACK_BYTES = 2 * 1024 * 1024
/** Threads' heaps are read without collecting them: what their young generation (8 MB) holds at that moment comes and goes. */
const THREAD_SLACK_BYTES = 4 * 1024 * 1024
/** What RSS, V8's resident pages and the C allocator may gain, in percent of their size after the warm-up. */
const PROCESS_SLACK_PERCENT = 5

export const FLAT_RULE =
  `flat = from run ${WARM_UP_RUNS} to the last, main's JS heap after a full GC, its external memory and its array buffers each grow by ` +
  `at most ${mb(HEAP_SLACK_BYTES)}, each thread's committed heap by at most ${mb(THREAD_SLACK_BYTES)}, and RSS, V8's resident pages and the ` +
  `C allocator by at most ${PROCESS_SLACK_PERCENT} %. Runs 1-${WARM_UP_RUNS - 1} are the warm-up. Why it is fair: what a run keeps (a map entry ` +
  `per lookup, a listener, a cached statement, a buffer) grows one of these run after run, by far more over 20 runs; and RSS, the issue's ` +
  `figure, is held to the same few percent, so pages touched and kept by V8 or the allocator count against it too.`

export interface MemoryRuns {
  /** Runs the watchlist once and waits for its end and its Since the last run. */
  run(): Promise<void>
  runs: number
  /** Where to write heap snapshots after the first and the last run; none when null. */
  snapshotsDir: string | null
  say(line: string): void
}

/** Part 4: runs one watchlist `runs` times, with where memory is after the first run and every 10, and whether it stayed flat. */
export async function memoryOverRuns({ run, runs, snapshotsDir, say }: MemoryRuns): Promise<void> {
  let warm: MemoryCensus | null = null
  let last: MemoryCensus | null = null
  // What the runs cost in processor time beside the memory they leave, so a change to how V8 sizes heaps shows both.
  let spent = { process: 0, main: 0, wall: 0 }
  for (let index = 1; index <= runs; index += 1) {
    const [cpu, mainCpu, wall] = [process.cpuUsage(), process.threadCpuUsage(), performance.now()]
    await run()
    const [cpuNow, mainCpuNow] = [process.cpuUsage(cpu), process.threadCpuUsage(mainCpu)]
    spent = {
      process: spent.process + cpuNow.user + cpuNow.system,
      main: spent.main + mainCpuNow.user + mainCpuNow.system,
      wall: spent.wall + performance.now() - wall
    }
    if (index !== 1 && index % 10 !== 0 && index !== runs) continue
    if (snapshotsDir !== null && (index === 1 || index === runs)) {
      say(`   heap snapshots after run ${index}: ${(await writeHeapSnapshots(snapshotsDir, `run-${index}`)).join(', ')}`)
      say('   (RSS from here on counts what taking them left behind; compare two with tsx bench/heap-snapshot-diff.ts)')
    }
    const census = await memoryCensus()
    const gc = (globalThis as { gc?: () => void }).gc === undefined ? ' (no --expose-gc: main not collected)' : ''
    say(`4. RSS after run ${index}, after a full GC: ${mb(census.rss)}${gc}`)
    for (const line of describeCensus(census)) say(`   ${line}`)
    if (index === WARM_UP_RUNS) warm = census
    last = census
  }
  const seconds = (microseconds: number) => `${(microseconds / 1e6).toFixed(1)} s`
  say(
    `   the runs took ${seconds(spent.process)} of the process's CPU, ${seconds(spent.main)} of it on main's thread, in ${(spent.wall / 1000).toFixed(1)} s`
  )
  say(`   ${FLAT_RULE}`)
  if (snapshotsDir !== null) {
    say('   flat: not judged (taking heap snapshots costs memory of its own; run without --heap-snapshots for the record)')
    return
  }
  if (warm === null || last === null || last === warm) {
    say(`   flat: not judged (it takes more than ${WARM_UP_RUNS} runs)`)
    return
  }
  const grown = growths(warm, last)
  const over = grown.filter((growth) => !growth.within)
  say(`   from run ${WARM_UP_RUNS} to run ${runs}: ${grown.map((growth) => `${growth.what} ${growth.change}`).join(', ')}`)
  say(`   flat: ${over.length === 0 ? 'yes' : `NO (${over.map((growth) => growth.what).join(', ')})`}`)
}

interface Growth {
  what: string
  change: string
  within: boolean
}

function growths(warm: MemoryCensus, last: MemoryCensus): Growth[] {
  const inBytes = (what: string, from: number, to: number, slack: number): Growth => ({
    what,
    change: `${to >= from ? '+' : ''}${mb(to - from)}`,
    within: to - from <= slack
  })
  const inPercent = (what: string, from: number, to: number): Growth => {
    const percent = ((to - from) / from) * 100
    return {
      what,
      change: `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} % (${mb(from)} -> ${mb(to)})`,
      within: percent <= PROCESS_SLACK_PERCENT
    }
  }
  const grown = [
    inPercent('RSS', warm.rss, last.rss),
    inBytes("main's JS heap", warm.main.heapUsed, last.main.heapUsed, HEAP_SLACK_BYTES),
    inBytes("main's external", warm.main.external, last.main.external, HEAP_SLACK_BYTES),
    inBytes("main's array buffers", warm.main.arrayBuffers, last.main.arrayBuffers, HEAP_SLACK_BYTES),
    ...last.threads.map((heap) => {
      const then = warm.threads.find((thread) => thread.name === heap.name)
      return inBytes(heap.name, then?.physicalBytes ?? 0, heap.physicalBytes, THREAD_SLACK_BYTES)
    })
  ]
  if (warm.process !== null && last.process !== null) {
    grown.push(inPercent("V8's resident pages", warm.process.v8Pages.resident, last.process.v8Pages.resident))
    grown.push(inPercent('the C allocator', warm.process.malloc.resident, last.process.malloc.resident))
  }
  return grown
}
