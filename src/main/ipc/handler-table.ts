import { z } from 'zod'
import { AppError } from '../../shared/domain/app-error'
import { invokeContract, type InvokeName, type InvokeValue, type IpcResult } from '../../shared/contract'
import type { Logger } from '../logging/logger'
import type { IpcSender } from '../security/ipc-sender'

/** What each channel does once its input has been parsed. Services own the work; this only routes. */
export type ChannelImplementations = {
  [K in InvokeName]: (input: z.output<(typeof invokeContract)[K]['input']>) => Promise<InvokeValue<K>>
}

export type Handler = (input: unknown, sender: IpcSender) => Promise<IpcResult<unknown>>
export type HandlerTable = Readonly<Record<InvokeName, Handler>>

export interface HandlerPolicy {
  /** Decided by the transport: only the app's own window and main frame may call main. */
  isTrustedSender(sender: IpcSender): boolean
  log: Logger
  /** Every answer passes through this on its way out: no secret or token reaches the renderer, whatever a server echoed. */
  redact<T>(value: T): T
}

/**
 * One table serves the whole contract, whatever carries the message (Electron IPC or the browser
 * harness). Every handler takes `unknown`, checks the sender, parses with the channel's schema and
 * answers with a result object; nothing is thrown across the boundary.
 */
export function createHandlerTable(implementations: ChannelImplementations, policy: HandlerPolicy): HandlerTable {
  const table = {} as Record<InvokeName, Handler>
  for (const name of Object.keys(invokeContract) as InvokeName[]) {
    table[name] = createHandler(name, implementations[name] as (input: unknown) => Promise<unknown>, policy)
  }
  return table
}

function createHandler(name: InvokeName, implementation: (input: unknown) => Promise<unknown>, policy: HandlerPolicy): Handler {
  const definition = invokeContract[name]
  const handle = async (input: unknown, sender: IpcSender): Promise<IpcResult<unknown>> => {
    if (!policy.isTrustedSender(sender)) {
      policy.log.warn('refused a call from an untrusted sender', { channel: definition.channel, frameUrl: sender.frameUrl })
      return failure('forbidden_sender', 'This request did not come from the app window, so it was refused.')
    }
    const parsed = definition.input.safeParse(input)
    if (!parsed.success) {
      return failure('invalid_input', describeIssues(parsed.error))
    }
    try {
      return { ok: true, value: await implementation(parsed.data) }
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.toShape() }
      policy.log.error('unexpected failure in a handler', { channel: definition.channel, error })
      return failure('internal', 'Something went wrong inside the app. The details were written to the log; please try again.')
    }
  }
  return async (input, sender) => policy.redact(await handle(input, sender))
}

/** Finds the handler for a wire channel name; an unknown channel is bad input, not a crash. */
export async function dispatch(table: HandlerTable, channel: string, input: unknown, sender: IpcSender): Promise<IpcResult<unknown>> {
  const name = CHANNEL_TO_NAME.get(channel)
  if (name === undefined) return failure('invalid_input', `Unknown request "${channel.slice(0, 80)}".`)
  return table[name](input, sender)
}

const CHANNEL_TO_NAME = new Map<string, InvokeName>(
  (Object.entries(invokeContract) as [InvokeName, { channel: string }][]).map(([name, d]) => [d.channel, name])
)

function failure(code: AppError['code'], message: string): IpcResult<never> {
  return { ok: false, error: { code, message } }
}

/** Zod issues in words a person can act on, e.g. `storeNbr: Too small: expected number to be >0`. */
export function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    return `${path}${issue.message}`
  })
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : ''
  return `The request was not valid. ${issues.join('; ')}${more}`
}

/** Typed access for code that already holds a channel name (tests, the harness). */
export type ResultOf<K extends InvokeName> = IpcResult<InvokeValue<K>>
