import { arch, release, type } from 'node:os'
import { AppError } from '../../shared/domain/app-error'
import type { Settings } from '../../shared/settings'
import { DIAGNOSTICS_LOG_LINES } from '../../shared/limits'
import { DIAGNOSTICS_LINE_CHARS } from './log-limits'

/** Where the log is, and its last lines: the log file the app writes (see `log-file.ts`). */
export interface LogFolder {
  readonly dir: string
  lastLines(count: number): Promise<string[]>
}

export interface DiagnosticsOptions {
  settings: { current(): { settings: Settings } }
  /** Absent where nothing is logged to a file (the headless command prints to the terminal). */
  logs: LogFolder | undefined
  /** Opens a folder in the system's file manager; absent where there is none to open. */
  openFolder: ((path: string) => Promise<void>) | undefined
  appVersion: string
  userDataDir: string
  now: () => number
}

const NO_LOG = 'This copy of the app keeps no log file, so there is no log folder to open.'

/**
 * What Settings offers for a support request: the log folder, opened in the file manager, and a
 * text to paste (versions, system, settings, the last lines of the log). Settings hold no secret
 * (those live in the keychain); the log lines were redacted as they were written, and the text is
 * redacted again with everything else main sends to the window.
 */
export function createDiagnostics(options: DiagnosticsOptions) {
  const { logs, openFolder } = options
  return {
    async openLogFolder(): Promise<{ path: string }> {
      if (logs === undefined || openFolder === undefined) throw new AppError('not_found', NO_LOG)
      try {
        await openFolder(logs.dir)
      } catch (error) {
        const cause = error instanceof Error ? error.message : String(error)
        throw new AppError('internal', `The log folder could not be opened (${cause}); it is ${logs.dir}.`)
      }
      return { path: logs.dir }
    },

    async report(): Promise<{ text: string }> {
      const versions = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string }
      const runtime = [
        versions.electron === undefined ? null : `Electron ${versions.electron}`,
        versions.chrome === undefined ? null : `Chromium ${versions.chrome}`,
        `Node ${versions.node}`,
        `V8 ${versions.v8}`
      ].filter((part) => part !== null)
      const lines = logs === undefined ? [] : await logs.lastLines(DIAGNOSTICS_LOG_LINES)
      const text = [
        'Store Inventory Lookup diagnostics',
        `Written: ${new Date(options.now()).toISOString()}`,
        `App: ${options.appVersion}`,
        `Runtime: ${runtime.join(', ')}`,
        `System: ${type()} ${release()} (${process.platform}, ${arch()})`,
        `Data folder: ${options.userDataDir}`,
        `Log folder: ${logs?.dir ?? 'none'}`,
        '',
        'Settings (client secrets are kept in the OS keychain, never in settings):',
        JSON.stringify(options.settings.current().settings, null, 2),
        '',
        logs === undefined ? 'No log file is kept.' : `Last ${lines.length} log lines:`,
        ...lines.map((line) => (line.length > DIAGNOSTICS_LINE_CHARS ? `${line.slice(0, DIAGNOSTICS_LINE_CHARS)}…` : line))
      ]
      return { text: `${text.join('\n')}\n` }
    }
  }
}

export type Diagnostics = ReturnType<typeof createDiagnostics>
