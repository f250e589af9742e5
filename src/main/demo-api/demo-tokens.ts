import { randomBytes } from 'node:crypto'

export type TokenCheck = { state: 'valid'; clientId: string } | { state: 'expired' } | { state: 'unknown' }

export interface DemoTokenStore {
  issue(clientId: string, lifetimeSeconds: number): string
  check(token: string): TokenCheck
  /** Ends every token's life now, as when the identity service rotates its keys. */
  expireAll(): void
}

/** Expired tokens are remembered this long so the server can still say "expired" rather than "unknown". */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000

/**
 * Opaque tokens shaped like a compact JWE with direct encryption (`header..iv.ciphertext.tag`),
 * because real ones are; a client must treat them as opaque strings, dots included.
 */
export function createTokenStore(now: () => number): DemoTokenStore {
  const tokens = new Map<string, { clientId: string; expiresAt: number }>()

  function forgetOld(time: number): void {
    for (const [token, entry] of tokens) {
      if (entry.expiresAt + FORGET_AFTER_MS < time) tokens.delete(token)
    }
  }

  return {
    issue(clientId, lifetimeSeconds) {
      const time = now()
      forgetOld(time)
      const header = Buffer.from(JSON.stringify({ kid: 'demo-identity-1', enc: 'A256GCM', alg: 'dir' })).toString('base64url')
      const token = [
        header,
        '',
        randomBytes(12).toString('base64url'),
        randomBytes(96).toString('base64url'),
        randomBytes(16).toString('base64url')
      ].join('.')
      tokens.set(token, { clientId, expiresAt: time + lifetimeSeconds * 1000 })
      return token
    },
    check(token) {
      const entry = tokens.get(token)
      if (entry === undefined) return { state: 'unknown' }
      if (now() >= entry.expiresAt) return { state: 'expired' }
      return { state: 'valid', clientId: entry.clientId }
    },
    expireAll() {
      const time = now()
      for (const entry of tokens.values()) entry.expiresAt = Math.min(entry.expiresAt, time)
    }
  }
}
