import { describe, expect, it } from 'vitest'
import { createMemoryLogger } from './logger'

describe('logger', () => {
  it('redacts registered secrets from messages, fields and error stacks', () => {
    const log = createMemoryLogger()
    log.redact('s3cr3t+/=value')
    log.info('token call with s3cr3t+/=value', { body: 'client_secret=s3cr3t+/=value' })
    log.error('failed', { error: new Error('bad secret s3cr3t+/=value') })
    const text = log.lines.join('\n')
    expect(text).not.toContain('s3cr3t+/=value')
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(3)
  })

  it('ignores values too short to be a secret, so ordinary words survive', () => {
    const log = createMemoryLogger()
    log.redact('abc')
    log.info('abc def')
    expect(log.lines[0]).toContain('abc def')
  })
})
