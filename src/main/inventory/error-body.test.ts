import { describe, expect, it } from 'vitest'
import { createRedactor, REDACTED } from '../security/redactor'
import { extractErrorMessage } from './error-body'

const asIs = (text: string) => text

describe('extractErrorMessage', () => {
  it.each([
    ['{"message":"Invalid parameter."}', 'application/json', 'Invalid parameter.'],
    ['{"error":"Too Many Requests"}', null, 'Too Many Requests'],
    ['{"error":{"message":"Not found."}}', 'application/json', 'Not found.'],
    ['{"errors":[{"code":"AUTH","description":"Authentication failed"}]}', 'application/json', 'Authentication failed'],
    ['{"error_description":"bad client"}', 'application/json', 'bad client'],
    ['{"fault":{"faultstring":"Gateway fault"}}', 'application/json', 'Gateway fault'],
    [
      '<?xml version="1.0"?><errors><error><message>Request is missing required security headers</message></error></errors>',
      'application/xml',
      'Request is missing required security headers'
    ],
    ['<soap:Fault><faultstring>Policy &amp; quota</faultstring></soap:Fault>', 'text/xml', 'Policy & quota'],
    ['<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>', 'text/html', '502 Bad Gateway'],
    ['  One or more services\n are unavailable  ', 'text/plain', 'One or more services are unavailable'],
    ['', 'application/json', '']
  ])('finds the message in %s', (body, type, expected) => {
    expect(extractErrorMessage(body, type, asIs)).toBe(expected)
  })

  it('caps very long bodies', () => {
    expect(extractErrorMessage('x'.repeat(5000), 'text/plain', asIs).length).toBeLessThanOrEqual(300)
  })

  it('falls back to the text when JSON is not valid', () => {
    expect(extractErrorMessage('{oops', 'application/json', asIs)).toBe('{oops')
  })

  it('redacts before it shortens, so no part of a secret survives the cut', () => {
    const secret = 'S'.repeat(40)
    const redactor = createRedactor([secret])
    const body = `${'x'.repeat(280)} ${secret} tail`
    const message = extractErrorMessage(body, 'text/plain', (text) => redactor.text(text))
    expect(message).toContain(REDACTED)
    expect(message).not.toContain('SSS')
  })
})
