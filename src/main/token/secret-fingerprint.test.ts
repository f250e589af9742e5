import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { secretFingerprint } from './secret-fingerprint'

const sha = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 16)

describe('secret fingerprint', () => {
  it("gives each secret its own hash, and never the secret's text", () => {
    expect(secretFingerprint('first-secret')).toBe(sha('first-secret'))
    expect(secretFingerprint('rotated-secret')).toBe(sha('rotated-secret'))
    expect(secretFingerprint('first-secret')).not.toContain('first')
    expect(sha('first-secret')).not.toBe(sha('rotated-secret'))
  })
})
