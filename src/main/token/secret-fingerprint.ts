import { createHash } from 'node:crypto'

/**
 * A secret's short SHA-256 fingerprint, for keying tokens without keeping the secret as a key.
 * Every search asks for its token, and a hash per ask cost main ~10 ms of a 200,000-value lookup:
 * the last secret's fingerprint is kept (one entry, so a rotated secret is not held on to).
 */
export function createSecretFingerprint(): (secret: string) => string {
  let lastSecret: string | undefined
  let lastFingerprint = ''
  return (secret) => {
    if (secret !== lastSecret) {
      lastFingerprint = createHash('sha256').update(secret).digest('hex').slice(0, 16)
      lastSecret = secret
    }
    return lastFingerprint
  }
}
