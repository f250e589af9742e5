import { describe, expect, it } from 'vitest'
import { createMemoryLogger } from './logger'

describe('logger', () => {
  it('redacts registered secrets from messages, fields and error stacks', () => {
    const log = createMemoryLogger()
    log.redact('s3cr3t+/=value')
    log.info('token call with s3cr3t+/=value', { body: 'grant=x&secret=s3cr3t+/=value' })
    log.error('failed', { error: new Error('bad secret s3cr3t+/=value') })
    const text = log.lines.join('\n')
    expect(text).not.toContain('s3cr3t+/=value')
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(3)
  })

  it('redacts a secret that JSON escaping would change, and a short one', () => {
    const log = createMemoryLogger()
    log.redact('q"\\w')
    log.redact('k3y')
    log.warn('echoed', { body: 'the server said q"\\w', short: 'k3y' })
    expect(log.lines[0]).not.toContain('q\\"\\\\w')
    expect(log.lines[0]).not.toContain('k3y')
  })

  it('redacts credential values it was never told about', () => {
    const log = createMemoryLogger()
    log.warn('server echo', { body: '{"client_secret":"never-registered"}', headers: 'Authorization: Bearer abc' })
    expect(log.lines[0]).not.toContain('never-registered')
    expect(log.lines[0]).not.toContain('abc')
  })
})
