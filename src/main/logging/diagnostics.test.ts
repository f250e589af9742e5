import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { DEFAULT_SETTINGS } from '../../shared/settings'
import { createDiagnostics, type DiagnosticsOptions, type LogFolder } from './diagnostics'
import { DIAGNOSTICS_LOG_LINES } from '../../shared/limits'
import { DIAGNOSTICS_LINE_CHARS } from './log-limits'

function folder(lines: string[]): LogFolder & { asked: number[] } {
  const asked: number[] = []
  return {
    dir: '/home/ana/.config/Store Inventory Lookup/logs',
    asked,
    lastLines: async (count) => {
      asked.push(count)
      return lines.slice(-count)
    }
  }
}

function diagnostics(options: Partial<DiagnosticsOptions> = {}) {
  return createDiagnostics({
    settings: { current: () => ({ settings: { ...DEFAULT_SETTINGS, storeNbr: 4321 } }) },
    logs: folder([]),
    openFolder: async () => undefined,
    appVersion: '1.2.3',
    userDataDir: '/home/ana/.config/Store Inventory Lookup',
    now: () => Date.UTC(2025, 5, 1, 12, 0, 0),
    ...options
  })
}

describe('diagnostics for a support request', () => {
  it('say the versions, the system, the folders, the settings and the last 200 log lines, long ones cut', async () => {
    const logs = folder(Array.from({ length: 300 }, (_, index) => (index === 299 ? 'y'.repeat(5_000) : `line ${index}`)))
    const { text } = await diagnostics({ logs }).report()
    expect(logs.asked).toEqual([DIAGNOSTICS_LOG_LINES])
    expect(text).toContain('Written: 2025-06-01T12:00:00.000Z\nApp: 1.2.3\n')
    expect(text).toContain(`Runtime: Node ${process.versions.node}, V8 ${process.versions.v8}`)
    expect(text).toMatch(new RegExp(`System: .+ \\(${process.platform}, ${process.arch}\\)`))
    expect(text).toContain('Log folder: /home/ana/.config/Store Inventory Lookup/logs')
    expect(text).toContain('"storeNbr": 4321')
    expect(text).toContain('Last 200 log lines:\nline 100\n')
    expect(text).not.toContain('line 99\n')
    expect(text.trimEnd().split('\n').at(-1)).toBe(`${'y'.repeat(DIAGNOSTICS_LINE_CHARS)}…`)
  })

  it('open the log folder in the file manager, and say where it is', async () => {
    const opened: string[] = []
    const service = diagnostics({
      openFolder: async (path) => {
        opened.push(path)
      }
    })
    expect(await service.openLogFolder()).toEqual({ path: '/home/ana/.config/Store Inventory Lookup/logs' })
    expect(opened).toEqual(['/home/ana/.config/Store Inventory Lookup/logs'])
  })

  it('say in a sentence why the folder did not open, and where it is, or that there is no log file', async () => {
    const failing = diagnostics({
      openFolder: async () => {
        throw new Error('no file manager')
      }
    })
    await expect(failing.openLogFolder()).rejects.toThrow(
      new AppError('internal', 'The log folder could not be opened (no file manager); it is /home/ana/.config/Store Inventory Lookup/logs.')
    )
    await expect(diagnostics({ logs: undefined }).openLogFolder()).rejects.toMatchObject({ code: 'not_found' })
    expect((await diagnostics({ logs: undefined }).report()).text).toContain('No log file is kept.')
  })
})
