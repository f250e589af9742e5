import { demoDateFromEnv, localDemoDay } from '../demo-api/demo-date'
import { startEarlyDemoApi, type EarlyDemoApi } from '../demo-api/early-demo-api'
import type { CommandLine } from './lookup-args'

/**
 * The Demo API started at once when the command line says `--env demo`, so its thread starts
 * while the command's thread loads the rest of its code; null for any other command. A watchlist's
 * environment is only known once History is open: its Demo starts then, as before, never on a guess.
 * Arguments or a Demo date the command will refuse start nothing: the command says why and ends.
 */
export function earlyDemoFor(line: CommandLine, env: NodeJS.ProcessEnv, entry?: string): EarlyDemoApi | null {
  const demo = line.ok && line.command.kind === 'run' && line.command.options.environment === 'demo'
  const date = demoDateFromEnv(env)
  if (!demo || !date.ok) return null
  return startEarlyDemoApi({ day: date.day ?? localDemoDay(Date.now()), ...(entry === undefined ? {} : { entry }) })
}

/** Runs the command with the Demo API started early (if any), and closes that Demo whichever way the run ends. */
export async function withEarlyDemo<T>(early: EarlyDemoApi | null, run: (early: EarlyDemoApi | undefined) => Promise<T>): Promise<T> {
  try {
    return await run(early ?? undefined)
  } finally {
    await early?.close()
  }
}
