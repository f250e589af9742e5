import type { ErrorCode } from '../../../shared/domain/app-error'
import { InventoryCallError } from '../api/inventory-call'

export interface ErrorExplanation {
  code: ErrorCode
  /** One sentence: what went wrong. */
  summary: string
  /** What the person can do next; null when main's message already says it. */
  nextStep: string | null
  /** The message main or the server sent (the host tried, the cause), when it adds something to the summary. */
  detail: string | null
  /** The HTTP status, when the detail does not already name it. */
  status: number | null
  /** Whether opening Settings is the way out. */
  needsSettings: boolean
}

export interface ExplainOptions {
  /** Shown inside Settings: no pointers to Settings, where the person already is. */
  inSettings?: boolean
}

const EXPLANATIONS: Record<ErrorCode, { summary: string; nextStep: string; needsSettings?: boolean }> = {
  invalid_input: {
    summary: 'Some of the input was not accepted.',
    nextStep: 'Correct the value shown and try again.'
  },
  forbidden_sender: {
    summary: 'The request came from an unexpected window and was refused.',
    nextStep: 'Restart the app and try again.'
  },
  wrong_credentials: {
    summary: 'The server did not accept the client ID or secret.',
    nextStep: 'Open Settings, check the client ID, replace the secret and test the connection.',
    needsSettings: true
  },
  not_subscribed: {
    summary: 'This client ID is not subscribed to the inventory service in this environment.',
    nextStep: 'Ask your Walmart contact to onboard the client ID for this API and environment, or switch environment.',
    needsSettings: true
  },
  missing_credentials: {
    summary: 'No credentials are saved for this environment.',
    nextStep: 'Open Settings and enter the client ID and secret, or switch to Demo.',
    needsSettings: true
  },
  token_rejected: {
    summary: 'The server rejected the access token.',
    nextStep: 'Test the connection in Settings; if the server wants "Bearer", turn on "Use Bearer prefix".',
    needsSettings: true
  },
  identity_unavailable: {
    summary: 'The sign-in service could not be reached or failed.',
    nextStep: 'Check the identity host in Settings and try again in a few minutes.',
    needsSettings: true
  },
  offline: {
    summary: 'The server could not be reached.',
    nextStep: 'Check your network connection and the hosts in Settings, then try again.'
  },
  timeout: {
    summary: 'The server took too long to answer.',
    nextStep: 'Try again; use "Retry failed" for the values that did not complete.'
  },
  certificate_untrusted: {
    summary: "The server's certificate is not trusted.",
    nextStep:
      'On a network that inspects HTTPS, ask your IT team to install its certificate on this computer; otherwise check the host in Settings.',
    needsSettings: true
  },
  redirected: {
    summary: 'The server redirected the request, and the app does not follow redirects.',
    nextStep: 'Check the host in Settings; enter the address the server pointed to only if you trust it.',
    needsSettings: true
  },
  reply_too_large: {
    summary: "The server's reply was too large to read.",
    nextStep: 'Try again later; if it keeps happening, check the host in Settings.'
  },
  throttled: {
    summary: 'The server asked us to slow down.',
    nextStep: 'Wait a moment: the lookup resumes by itself.'
  },
  server_error: {
    summary: 'The server had an internal problem.',
    nextStep: 'Try again in a few minutes; use "Retry failed" for the values that did not complete.'
  },
  bad_request: {
    summary: 'The server refused the request as invalid.',
    nextStep: 'Check the store number and item type, then try again.'
  },
  not_found: {
    summary: 'The server address did not lead to the inventory service.',
    nextStep: 'Check the market and the inventory host in Settings.',
    needsSettings: true
  },
  keychain_unavailable: {
    summary: 'The operating system keychain could not be used to store the secret.',
    nextStep: 'Unlock the keychain, or on Linux install and start a Secret Service (GNOME Keyring or KWallet), then try again.'
  },
  file_unreadable: {
    summary: 'The file could not be read.',
    nextStep: 'Save it as CSV, TSV, TXT or XLSX and import it again.'
  },
  file_write_failed: {
    summary: 'The file could not be saved.',
    nextStep: 'Choose another folder, or close the file if another program has it open.'
  },
  cancelled: {
    summary: 'The operation was cancelled.',
    nextStep: 'Start it again when you are ready.'
  },
  busy: {
    summary: 'As many lookups as the app runs at once are already running.',
    nextStep: 'Wait for one to finish, or cancel one, then run this again.'
  },
  internal: {
    summary: 'Something went wrong inside the app.',
    nextStep: 'Try again; if it happens again, restart the app.'
  }
}

/**
 * Turns any failure into one sentence, main's specific message and a next step, each said once:
 * the general next step is left out when main's message already says what to do, and the status
 * when the message names it. Never shows a stack trace.
 */
export function explainError(error: unknown, { inSettings = false }: ExplainOptions = {}): ErrorExplanation {
  const { code, message, status } = toShape(error)
  const known = EXPLANATIONS[code]
  const adapt = (text: string) => (inSettings ? withoutSettingsPointers(text) : text)
  const detail = detailBeyond(message.trim(), known.summary)
  return {
    code,
    summary: known.summary,
    nextStep: detail !== null && SAYS_WHAT_TO_DO.test(detail) ? null : adapt(known.nextStep),
    detail: detail === null ? null : adapt(detail),
    status: status !== null && detail !== null && detail.includes(`HTTP ${status}`) ? null : status,
    needsSettings: known.needsSettings === true && !inSettings
  }
}

/** Main's messages end with what to do, as a sentence that starts with one of these verbs. */
const SAYS_WHAT_TO_DO =
  /(?:^|[.;:] )(?:Check|Add|Ask|Try|Open|Unlock|Install|Use|Remove|Enter|Choose|Sign|Wait|Replace|Close|Save|Split|Correct|Restart|Make sure|Start)\b/

/** "Check the identity host in Settings." reads "Check the identity host." where the person already is in Settings. */
export function withoutSettingsPointers(text: string): string {
  return text
    .replace(/\bOpen Settings(?:,| and)\s+(\w)/g, (_match, first: string) => first.toUpperCase())
    .replace(/\s+(?:in|from) Settings\b/g, '')
}

/** What the message adds to the summary; main often starts with the same sentence. */
function detailBeyond(message: string, summary: string): string | null {
  const rest = message.startsWith(summary) ? message.slice(summary.length).trim() : message
  return rest === '' ? null : rest
}

/** What "Copy details" puts on the clipboard: everything the alert says, plus the code and the time, for a support request. */
export function errorDetailsText(explained: ErrorExplanation, at: Date): string {
  return [
    `Store Inventory Lookup: ${explained.summary}`,
    ...(explained.detail === null ? [] : [explained.detail]),
    ...(explained.nextStep === null ? [] : [explained.nextStep]),
    `Code: ${explained.code}${explained.status === null ? '' : `, HTTP ${explained.status}`}`,
    `Time: ${at.toISOString()}`
  ].join('\n')
}

function toShape(error: unknown): { code: ErrorCode; message: string; status: number | null } {
  if (error instanceof InventoryCallError) return { code: error.code, message: error.message, status: error.status ?? null }
  if (isErrorShape(error)) return { code: error.code, message: error.message, status: error.status ?? null }
  return { code: 'internal', message: '', status: null }
}

function isErrorShape(value: unknown): value is { code: ErrorCode; message: string; status?: number } {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return typeof record.code === 'string' && record.code in EXPLANATIONS && typeof record.message === 'string'
}
