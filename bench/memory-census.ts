import { createWriteStream, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8'
import { countedThreads, threadHeaps, type ThreadHeap } from '../src/main/workers/thread-census'

/**
 * Where a benchmark's process holds its memory, so a figure of RSS says what it is made of: main's
 * JavaScript heap and what it holds outside it, each worker thread's heap, and (on Linux, from
 * /proc/self/smaps) the pages V8 has mapped for every heap, what the C allocator holds, and the rest.
 */
export interface MemoryCensus {
  rss: number
  main: { heapUsed: number; external: number; arrayBuffers: number; spaces: string }
  /** As V8 reports each between its tasks: used includes what its next collection frees (young generation at most 8 MB). */
  threads: ThreadHeap[]
  /** Null where /proc/self/smaps cannot be read. */
  process: ProcessMappings | null
}

export interface ProcessMappings {
  /** Mappings of V8's page size (256 KB), every heap's pages: how many there are, and what of them is resident. */
  v8Pages: { count: number; resident: number }
  /** glibc's allocator: main's arena (the brk heap) and the 64 MB arenas of the other threads, resident. */
  malloc: { resident: number; arenas: number }
  /** Other private memory: V8's large objects, thread stacks, big allocations mapped on their own. */
  otherAnonymous: number
  fileBacked: number
}

const V8_PAGE_KB = 256
const ARENA_KB = 64 * 1024

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Reads the census; main's heap after a full collection when the process runs with --expose-gc. */
export async function memoryCensus(): Promise<MemoryCensus> {
  const threads = await keepingAlive(threadHeaps)
  ;(globalThis as { gc?: () => void }).gc?.()
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
  const spaces = getHeapSpaceStatistics()
    .filter((space) => space.physical_space_size >= 1024 * 1024)
    .map((space) => `${space.space_name.replace(/_space$/, '')} ${mb(space.space_used_size)} of ${mb(space.physical_space_size)}`)
    .join(', ')
  return { rss, main: { heapUsed, external, arrayBuffers, spaces }, threads, process: processMappings() }
}

interface Mapping {
  start: number
  end: number
  perms: string
  name: string
  sizeKb: number
  rssKb: number
}

function processMappings(): ProcessMappings | null {
  let text: string
  try {
    text = readFileSync('/proc/self/smaps', 'utf8')
  } catch {
    return null
  }
  const mappings: Mapping[] = []
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (head !== null) {
      mappings.push({
        start: parseInt(head[1] ?? '0', 16),
        end: parseInt(head[2] ?? '0', 16),
        perms: head[3] ?? '',
        name: head[4] ?? '',
        sizeKb: 0,
        rssKb: 0
      })
      continue
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line)
    const last = mappings.at(-1)
    if (field === null || last === undefined) continue
    if (field[1] === 'Size') last.sizeKb = Number(field[2])
    else last.rssKb = Number(field[2])
  }
  const kb = 1024
  const census: ProcessMappings = {
    v8Pages: { count: 0, resident: 0 },
    malloc: { resident: 0, arenas: 0 },
    otherAnonymous: 0,
    fileBacked: 0
  }
  mappings.forEach((mapping, index) => {
    if (mapping.name === '[heap]') census.malloc.resident += mapping.rssKb * kb
    else if (mapping.name !== '' && !mapping.name.startsWith('[')) census.fileBacked += mapping.rssKb * kb
    else if (mapping.name !== '') census.otherAnonymous += mapping.rssKb * kb
    else if (mapping.sizeKb === V8_PAGE_KB) {
      census.v8Pages.count += 1
      census.v8Pages.resident += mapping.rssKb * kb
    } else if (isArena(mapping, mappings[index + 1])) {
      census.malloc.arenas += 1
      census.malloc.resident += mapping.rssKb * kb
    } else census.otherAnonymous += mapping.rssKb * kb
  })
  return census
}

/** A glibc arena of another thread: 64 MB aligned, its used part read-write and the rest of the 64 MB reserved. */
function isArena(mapping: Mapping, next: Mapping | undefined): boolean {
  if (!mapping.perms.startsWith('rw') || mapping.start % (ARENA_KB * 1024) !== 0) return false
  if (mapping.sizeKb === ARENA_KB) return true
  return (
    next !== undefined &&
    next.name === '' &&
    next.perms === '---p' &&
    next.start === mapping.end &&
    mapping.sizeKb + next.sizeKb === ARENA_KB
  )
}

/** The census in a few lines: main, the threads, the process's mappings. */
export function describeCensus(census: MemoryCensus): string[] {
  const { main, threads } = census
  const lines = [
    `main's JS heap ${mb(main.heapUsed)} (${main.spaces}), outside it ${mb(main.external)} of which array buffers ${mb(main.arrayBuffers)}`,
    `threads' heaps, used of committed: ${threads.map((heap) => `${heap.name} ${mb(heap.usedBytes)} of ${mb(heap.physicalBytes)}`).join(', ') || 'none running'}`
  ]
  const mapped = census.process
  if (mapped !== null) {
    const heaps = threads.reduce((total, heap) => total + heap.physicalBytes, getHeapStatistics().total_physical_size)
    lines.push(
      `V8 pages ${mapped.v8Pages.count} x 256 KB, ${mb(mapped.v8Pages.resident)} resident (every heap's committed: ${mb(heaps)}); ` +
        `C allocator ${mb(mapped.malloc.resident)} (main's heap and ${mapped.malloc.arenas} thread arenas); other private ${mb(mapped.otherAnonymous)}; file-backed ${mb(mapped.fileBacked)}`
    )
  }
  return lines
}

/** Writes main's heap snapshot and each thread's into `dir`, named `<label>-<thread>.heapsnapshot` (each taken after a full collection). */
export async function writeHeapSnapshots(dir: string, label: string): Promise<string[]> {
  const written = [writeHeapSnapshot(join(dir, `${label}-main.heapsnapshot`))]
  await keepingAlive(async () => {
    for (const { name, thread } of countedThreads()) {
      const path = join(dir, `${label}-${name.replaceAll(' ', '-')}.heapsnapshot`)
      await pipeline(await thread.getHeapSnapshot(), createWriteStream(path))
      written.push(path)
    }
  })
  return written
}

/** Idle threads do not keep the process alive, and neither does a question put to one: a timer does while it is asked. */
async function keepingAlive<T>(ask: () => Promise<T>): Promise<T> {
  const alive = setInterval(() => undefined, 60_000)
  try {
    return await ask()
  } finally {
    clearInterval(alive)
  }
}
