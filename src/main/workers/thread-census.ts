import type { Worker } from 'node:worker_threads'

/**
 * The worker threads this process runs, by name, so a benchmark can say which thread's JavaScript
 * heap holds the memory (process RSS counts every thread's heap; main's `process.memoryUsage()`
 * counts only main's). A thread leaves the census when it exits.
 */
const running = new Map<Worker, string>()

export function countThread(name: string, thread: Worker): void {
  running.set(thread, name)
  thread.once('exit', () => running.delete(thread))
}

export interface ThreadHeap {
  name: string
  usedBytes: number
  totalBytes: number
  /** What of `totalBytes` is resident. */
  physicalBytes: number
}

/** Each running thread's heap as V8 reports it (asked of the thread, so it answers between its tasks). */
export async function threadHeaps(): Promise<ThreadHeap[]> {
  const heaps = await Promise.all(
    [...running].map(async ([thread, name]) => {
      try {
        const stats = await thread.getHeapStatistics()
        return [{ name, usedBytes: stats.used_heap_size, totalBytes: stats.total_heap_size, physicalBytes: stats.total_physical_size }]
      } catch {
        // The thread stopped while it was asked: it holds nothing any more.
        return []
      }
    })
  )
  return heaps.flat()
}

/** The running threads named `name`: a test ends one mid-task, as a crash would, to see the app cope. */
export function runningThreads(name: string): Worker[] {
  return [...running].filter(([, threadName]) => threadName === name).map(([thread]) => thread)
}

/** Every running thread with its name: a benchmark writes each one's heap snapshot to see what it keeps. */
export function countedThreads(): { name: string; thread: Worker }[] {
  return [...running].map(([thread, name]) => ({ name, thread }))
}
