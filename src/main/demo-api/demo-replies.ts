/**
 * What the Demo API answers, as plain data the HTTP layer writes out.
 *
 * Error bodies deliberately vary the way a gateway in front of several backends does, so a client
 * that only understands one shape is caught by the tests:
 * - JSON `{"errors":[{"code","field","description",...}]}`: 400 Invalid parameter, 401 invalid
 *   token or client credentials, 500 internal server error (backend-level errors).
 * - JSON `{"message": "..."}`: 401 expired token, 403 not subscribed, 404 Not found,
 *   404 not mapped, 405, 429 Too Many Requests (gateway policies).
 * - XML `<errors><error>...`: 403 missing security headers (the gateway's security policy).
 * - Plain text: 503 One or more services are unavailable. A dropped connection has no body at all.
 */
export interface DemoReply {
  status: number
  headers: Record<string, string>
  body: string
}

export const MESSAGES = {
  invalidParameter: 'Invalid parameter.',
  authenticationFailed: 'Authentication failed due to missing Authentication header or invalid authentication credentials',
  expiredToken: 'Access token : ******* validation failed with error : expired token',
  missingHeaders: 'Request is missing required security headers...',
  notFound: 'Not found.',
  notMapped: 'A requested GTIN is not mapped to the Supplier.',
  tooManyRequests: 'Too Many Requests',
  internalError: 'An internal server error has occurred.',
  unavailable: 'One or more services are unavailable',
  methodNotAllowed: 'Method not allowed.'
} as const

export function notSubscribedMessage(consumerId: string): string {
  return `The consumer id ${consumerId} is not subscribed to the service name`
}

const JSON_TYPE = 'application/json;charset=utf-8'

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): DemoReply {
  return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body: JSON.stringify(value) }
}

export function errorsReply(status: number, code: string, description: string, field?: string): DemoReply {
  const error = {
    code,
    ...(field === undefined ? {} : { field }),
    description,
    severity: 'ERROR',
    category: status >= 500 ? 'SYSTEM' : 'REQUEST'
  }
  return jsonReply(status, { errors: [error] })
}

export function messageReply(status: number, message: string, headers: Record<string, string> = {}): DemoReply {
  return jsonReply(status, { message }, headers)
}

export function xmlErrorReply(status: number, code: string, description: string): DemoReply {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<errors><error><code>${escapeXml(code)}</code><description>${escapeXml(description)}</description></error></errors>`
  return { status, headers: { 'Content-Type': 'application/xml;charset=utf-8' }, body }
}

export function textReply(status: number, text: string): DemoReply {
  return { status, headers: { 'Content-Type': 'text/plain;charset=utf-8' }, body: text }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}
