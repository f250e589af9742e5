import { describe, expect, it } from 'vitest'
import { errorCodeSchema } from '../../../shared/domain/app-error-schema'
import { InventoryCallError } from '../api/inventory-call'
import { errorDetailsText, explainError, withoutSettingsPointers } from './explain-error'

describe('explainError', () => {
  it('has one sentence and a next step for every error code', () => {
    for (const code of errorCodeSchema.options) {
      const explained = explainError({ code, message: '' })
      expect(explained.code).toBe(code)
      expect(explained.summary).toMatch(/^[A-Z].*\.$/)
      expect(explained.summary.split('. ')).toHaveLength(1)
      expect(explained.nextStep?.length).toBeGreaterThan(10)
    }
  })

  it("keeps the server's message and status as the detail", () => {
    const explained = explainError(
      new InventoryCallError('not_subscribed', 'The consumer id abc is not subscribed to the service name', 403)
    )
    expect(explained.summary).toBe('This client ID is not subscribed to the inventory service in this environment.')
    expect(explained.detail).toBe('The consumer id abc is not subscribed to the service name')
    expect(explained.status).toBe(403)
    expect(explained.needsSettings).toBe(true)
  })

  it('does not repeat the summary when the message starts with it', () => {
    const explained = explainError({
      code: 'internal',
      message: 'Something went wrong inside the app. The details were written to the log; please try again.'
    })
    expect(explained.detail).toBe('The details were written to the log; please try again.')
    expect(explainError({ code: 'offline', message: 'The server could not be reached.' }).detail).toBeNull()
  })

  it('accepts the plain error shape a line result carries', () => {
    const explained = explainError({ code: 'server_error', message: 'An internal server error has occurred.', status: 500 })
    expect(explained.summary).toBe('The server had an internal problem.')
    expect(explained.detail).toBe('An internal server error has occurred.')
  })

  it('never shows a stack trace or an unknown shape: it falls back to a generic explanation', () => {
    const explained = explainError(new TypeError('x is undefined\n    at foo (app.js:1:1)'))
    expect(explained.code).toBe('internal')
    expect(explained.detail).toBeNull()
    expect(explainError({ code: 'made_up', message: 'm' }).code).toBe('internal')
    expect(explainError(null).code).toBe('internal')
  })

  it('says each thing once: no general next step when main already says what to do, no status it already names', () => {
    const explained = explainError({
      code: 'wrong_credentials',
      message:
        'The identity host https://id.example.com rejected the client ID or secret (HTTP 401). Check both in Settings; the secret may have been rotated.',
      status: 401
    })
    expect(explained.detail).toContain('https://id.example.com rejected the client ID or secret (HTTP 401).')
    expect(explained.nextStep).toBeNull()
    expect(explained.status).toBeNull()

    const bare = explainError({ code: 'server_error', message: 'The inventory service had a problem (HTTP 500).', status: 500 })
    expect(bare.nextStep).toBe('Try again in a few minutes; use "Retry failed" for the values that did not complete.')
  })

  it('inside Settings never points to Settings', () => {
    const explained = explainError(
      {
        code: 'offline',
        message:
          'http://127.0.0.1:9999 refused the connection: nothing answers at that address and port. Check the identity host in Settings.'
      },
      { inSettings: true }
    )
    expect(explained.detail).toBe(
      'http://127.0.0.1:9999 refused the connection: nothing answers at that address and port. Check the identity host.'
    )
    for (const code of errorCodeSchema.options) {
      const { summary, detail, nextStep } = explainError({ code, message: 'Add it in Settings.' }, { inSettings: true })
      expect([summary, detail, nextStep].join(' ')).not.toMatch(/Settings/)
      expect(explainError({ code, message: '' }, { inSettings: true }).needsSettings).toBe(false)
    }
    expect(withoutSettingsPointers('Open Settings, check the client ID, replace the secret and test the connection.')).toBe(
      'Check the client ID, replace the secret and test the connection.'
    )
  })

  it('copies what the alert says, with the code, the status and the time', () => {
    const explained = explainError({ code: 'server_error', message: 'The inventory service had a problem (HTTP 503).', status: 503 })
    expect(errorDetailsText(explained, new Date('2026-01-02T03:04:05Z'))).toBe(
      [
        'Store Inventory Lookup: The server had an internal problem.',
        'The inventory service had a problem (HTTP 503).',
        'Try again in a few minutes; use "Retry failed" for the values that did not complete.',
        'Code: server_error',
        'Time: 2026-01-02T03:04:05.000Z'
      ].join('\n')
    )
  })
})
