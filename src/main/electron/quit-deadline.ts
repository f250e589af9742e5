/** How long cleanup before quitting may take; then the app exits anyway, so a hung task cannot keep it alive. */
export const QUIT_CLEANUP_DEADLINE_MS = 5_000

/**
 * Runs the cleanup tasks side by side and resolves when all have settled or the deadline has
 * passed, whichever comes first, saying which. A task that throws or never ends cannot stop the
 * app from quitting; a later start would otherwise find the hung instance holding the
 * single-instance lock and exit without a word.
 */
export async function cleanUpWithin(tasks: readonly (() => Promise<unknown>)[], deadlineMs: number): Promise<'done' | 'deadline'> {
  let handle: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<'deadline'>((resolve) => {
    handle = setTimeout(() => resolve('deadline'), deadlineMs)
  })
  const done = Promise.allSettled(tasks.map((task) => Promise.resolve().then(task))).then(() => 'done' as const)
  try {
    return await Promise.race([done, deadline])
  } finally {
    clearTimeout(handle)
  }
}
