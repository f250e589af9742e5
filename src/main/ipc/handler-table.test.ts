import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { DEFAULT_SETTINGS } from '../../shared/settings'
import { createMemoryLogger } from '../logging/logger'
import { createHandlerTable, dispatch, type ChannelImplementations } from './handler-table'
import type { IpcSender } from '../security/ipc-sender'
import { packInputColumn } from '../../shared/input-column'

const appWindow: IpcSender = { webContentsId: 1, frameUrl: 'app://index.html', isMainFrame: true }
const strangerFrame: IpcSender = { webContentsId: 1, frameUrl: 'https://evil.example/', isMainFrame: false }

function tableWith(overrides: Partial<ChannelImplementations>) {
  const unused = async (): Promise<never> => {
    throw new Error('not used in this test')
  }
  const implementations = new Proxy(overrides, {
    get: (target, key: string) => target[key as keyof ChannelImplementations] ?? unused
  }) as ChannelImplementations
  const log = createMemoryLogger()
  const table = createHandlerTable(implementations, {
    isTrustedSender: (sender) => sender.isMainFrame && sender.frameUrl.startsWith('app://'),
    log,
    redact: (value) => log.redactor.value(value)
  })
  return { table, log }
}

describe('handler table', () => {
  it('parses input with the channel schema and answers ok with the value', async () => {
    const { table } = tableWith({ getSettings: async () => ({ settings: DEFAULT_SETTINGS, warning: null }) })
    expect(await dispatch(table, 'settings:get', undefined, appWindow)).toEqual({
      ok: true,
      value: { settings: DEFAULT_SETTINGS, warning: null }
    })
  })

  it('answers invalid_input with the zod issue in words and never calls the service', async () => {
    let called = false
    const { table } = tableWith({
      startJob: async () => {
        called = true
        throw new Error('unreachable')
      }
    })
    const result = await dispatch(
      table,
      'jobs:start',
      { environment: 'demo', stores: ['12'], itemType: 'gtin', lines: packInputColumn([]) },
      appWindow
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('invalid_input')
    expect(result.error.message).toMatch(/stores\.0: .*number/i)
    expect(result.error.message).toContain('There are no values to look up.')
    expect(called).toBe(false)
  })

  it.each([undefined, null, 42, 'text', [], { environment: 'nowhere' }])('never throws on malformed input %j', async (input) => {
    const { table } = tableWith({})
    const result = await dispatch(table, 'connection:test', input, appWindow)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('refuses a sender that is not the app window main frame', async () => {
    const { table, log } = tableWith({ getSettings: async () => ({ settings: DEFAULT_SETTINGS, warning: null }) })
    expect(await dispatch(table, 'settings:get', undefined, strangerFrame)).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' }
    })
    expect(log.lines.join('\n')).toContain('untrusted sender')
  })

  it('turns an AppError into its code and message, and anything else into a logged internal error', async () => {
    const { table, log } = tableWith({
      cancelJob: async () => {
        throw new AppError('not_found', 'That lookup is no longer available; run it again.')
      },
      retryFailed: async () => {
        throw new TypeError('boom at line 12')
      }
    })
    expect(await dispatch(table, 'jobs:cancel', { jobId: 'j1' }, appWindow)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That lookup is no longer available; run it again.' }
    })
    const internal = await dispatch(table, 'jobs:retry-failed', { jobId: 'j1' }, appWindow)
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(internal)).not.toContain('boom')
    expect(log.lines.join('\n')).toContain('boom at line 12')
  })

  it('redacts every answer, values and errors alike, on its way out', async () => {
    const { table, log } = tableWith({
      getSettings: async () => ({ settings: DEFAULT_SETTINGS, warning: 'echo tok-0123456789' }),
      cancelJob: async () => {
        throw new AppError('server_error', 'The server said: "authorization: Bearer unknown-token"')
      }
    })
    log.redact('tok-0123456789')
    const answers = JSON.stringify([
      await dispatch(table, 'settings:get', undefined, appWindow),
      await dispatch(table, 'jobs:cancel', { jobId: 'j1' }, appWindow)
    ])
    expect(answers).not.toContain('tok-0123456789')
    expect(answers).not.toContain('unknown-token')
    expect(answers.match(/\[redacted\]/g)).toHaveLength(2)
  })

  it('treats an unknown channel as invalid input', async () => {
    const { table } = tableWith({})
    expect(await dispatch(table, 'shell:exec', { command: 'rm -rf /' }, appWindow)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
  })
})
