import { createHash } from 'node:crypto'

/** A secret's short SHA-256 fingerprint, for keying tokens without keeping the secret as a key. */
export function secretFingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16)
}
