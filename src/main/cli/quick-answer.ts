import { COMMAND_NAME } from './command-files'
import { commandVersion } from './command-version'
import { USAGE } from './usage'

/**
 * The answer to `--help`, `-h` or `--version` given alone, before anything else loads: they are how
 * people and install scripts check the command, and the services' modules (the contract's schemas,
 * SQLite) take longer to load than the answer takes to print. Any other command line (these flags
 * among others included) goes through the flag parser, which answers them the same way.
 */
export function quickAnswer(argv: readonly string[]): string | null {
  if (argv.length !== 1) return null
  if (argv[0] === '--help' || argv[0] === '-h') return `${USAGE}\n`
  if (argv[0] === '--version') return versionLine()
  return null
}

export function versionLine(): string {
  return `${COMMAND_NAME} ${commandVersion()}\n`
}
