import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretFingerprint } from './secret-fingerprint'

const sha = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 16)

describe('secret fingerprint', () => {
  it("gives each secret its own hash, again after the secret changes and changes back, and never the secret's text", () => {
    const fingerprint = createSecretFingerprint()
    expect(fingerprint('first-secret')).toBe(sha('first-secret'))
    expect(fingerprint('first-secret')).toBe(sha('first-secret'))
    expect(fingerprint('rotated-secret')).toBe(sha('rotated-secret'))
    expect(fingerprint('first-secret')).toBe(sha('first-secret'))
    expect(fingerprint('first-secret')).not.toContain('first')
    expect(sha('first-secret')).not.toBe(sha('rotated-secret'))
  })
})
