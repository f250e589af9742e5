import { describe, expect, it } from 'vitest'
import { errorCodeSchema } from '../../../shared/domain/app-error'
import { InventoryCallError } from '../api/inventory-call'
import { explainError } from './explain-error'

describe('explainError', () => {
  it('has one sentence and a next step for every error code', () => {
    for (const code of errorCodeSchema.options) {
      const explained = explainError({ code, message: '' })
      expect(explained.code).toBe(code)
      expect(explained.summary).toMatch(/^[A-Z].*\.$/)
      expect(explained.summary.split('. ')).toHaveLength(1)
      expect(explained.nextStep.length).toBeGreaterThan(10)
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
})
