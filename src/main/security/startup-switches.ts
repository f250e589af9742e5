/**
 * Command-line switches a packaged app refuses to start with. Without its OS sandbox a compromised
 * page reaches the system; a remote-debugging port or pipe, or Node's inspector, lets any program
 * on the computer drive the app, read what it shows and call main as the window does. Only the
 * tests need any of them, and they run the unpackaged build. (The packaged build's fuses already
 * make Node ignore the inspector switches; refusing them says so instead of starting quietly.)
 */

export interface StartupRefusal {
  /** The switch as given, e.g. `--remote-debugging-port=9222`. */
  given: string
  title: string
  message: string
}

export interface StartupCommandLine {
  isPackaged: boolean
  /** The process's whole command line (`process.argv`); the first entry is the program. */
  argv: readonly string[]
  platform: NodeJS.Platform
  /** Chromium's own view of its switches (`app.commandLine.hasSwitch`), which sees what argv may not. */
  hasSwitch: (name: string) => boolean
}

const NO_SANDBOX: Omit<StartupRefusal, 'given'> = {
  title: 'Store Inventory Lookup does not run without its sandbox',
  message: 'Start it without --no-sandbox. On Linux, if the sandbox cannot start, see "Linux: when the sandbox cannot start" in the README.'
}

function debugging(name: string): Omit<StartupRefusal, 'given'> {
  return {
    title: 'Store Inventory Lookup does not run with debugging switches',
    message: `Start it without --${name}: it would let other programs on this computer control the app and read everything it shows.`
  }
}

/** Chromium's switches that open the app to a debugger. */
const REMOTE_DEBUGGING = ['remote-debugging-port', 'remote-debugging-pipe']
/** Node's inspector switches as Chromium would name them; any `--inspect…` is caught from argv too. */
const INSPECTOR = ['inspect', 'inspect-brk', 'inspect-port', 'inspect-brk-node', 'inspect-publish-uid', 'inspect-wait']

/** The refusal for a switch name (lower case, dashes), or null when the switch is allowed. */
function refusalFor(name: string): Omit<StartupRefusal, 'given'> | null {
  if (name === 'no-sandbox') return NO_SANDBOX
  if (REMOTE_DEBUGGING.includes(name)) return debugging(name)
  if (name === 'inspect' || name.startsWith('inspect-')) return debugging(name)
  return null
}

/**
 * The switch name of one argument, as Chromium and Node would read it: after `--` or `-` (and `/`
 * on Windows), before any `=`, in lower case (Chromium lower-cases them on Windows), with Node's
 * `_` read as `-`. Null for an argument that is not a switch.
 */
function switchName(argument: string, platform: NodeJS.Platform): string | null {
  const prefix = argument.startsWith('--') ? 2 : argument.startsWith('-') || (platform === 'win32' && argument.startsWith('/')) ? 1 : 0
  if (prefix === 0) return null
  const name = argument.slice(prefix).split('=')[0] ?? ''
  return name === '' ? null : name.toLowerCase().replaceAll('_', '-')
}

/** The first switch a packaged app refuses, with what to say; null when it may start. */
export function refusedStartupSwitch(commandLine: StartupCommandLine): StartupRefusal | null {
  if (!commandLine.isPackaged) return null
  for (const argument of commandLine.argv.slice(1)) {
    // After `--` the rest are arguments, not switches, for Chromium and Node alike.
    if (argument === '--') break
    const name = switchName(argument, commandLine.platform)
    const refusal = name === null ? null : refusalFor(name)
    if (refusal !== null) return { given: argument, ...refusal }
  }
  for (const name of ['no-sandbox', ...REMOTE_DEBUGGING, ...INSPECTOR]) {
    const refusal = refusalFor(name)
    if (refusal !== null && commandLine.hasSwitch(name)) return { given: `--${name}`, ...refusal }
  }
  return null
}
