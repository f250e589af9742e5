import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

/**
 * Which process is running a lookup, so that a process starting up can tell a lookup left
 * "running" by a crash from one another process (the app, a headless run) is running right now.
 */
export interface LookupOwner {
  host: string
  pid: number
  /** Tells apart two history stores opened by one process (tests, a root closed and opened again). */
  token: string
}

/** The stores open in this process: an owner with this pid but another token belongs to a closed one. */
const liveTokens = new Set<string>()

export function claimOwner(): LookupOwner & { release(): void } {
  const token = randomUUID()
  liveTokens.add(token)
  return { host: hostname(), pid: process.pid, token, release: () => liveTokens.delete(token) }
}

/** History's thread writes as its store on main does: the store's owner is live in the thread's isolate too. */
export function adoptOwner(owner: LookupOwner): () => void {
  liveTokens.add(owner.token)
  return () => liveTokens.delete(owner.token)
}

/**
 * A lookup without a sign of life for this long is taken as interrupted even when its owner cannot
 * be checked (another machine sharing the folder, or a process id the system has given to another
 * program). A running lookup writes at least this often, even while throttled.
 */
export const HEARTBEAT_MS = 30_000
export const STALE_AFTER_MS = 10 * 60_000

export function isOwnerGone(owner: Partial<LookupOwner>, heartbeatAt: number | null, now: number): boolean {
  if (heartbeatAt === null || now - heartbeatAt > STALE_AFTER_MS) return true
  if (owner.host !== hostname() || owner.pid === undefined) return false
  if (owner.pid === process.pid) return owner.token === undefined || !liveTokens.has(owner.token)
  return !isProcessAlive(owner.pid)
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
