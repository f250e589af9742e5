import type { BuiltCommand } from './command-thread'
import { nodeVersionProblem } from './node-version'
import { quickAnswer } from './quick-answer'

/**
 * What both entries do first, with only light modules loaded: check the Node version (the command's
 * modules load `node:sqlite`, which an older Node cannot even load), answer `--help` or `--version`
 * given alone, and only then run the lookup on its own thread (`runCommandOnThread`).
 */
export async function startCommand(
  program: string,
  built?: () => BuiltCommand,
  /** What the installed command sets up before its modules load (the compile cache), giving the variables its threads start with. */
  prepare?: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv
): Promise<void> {
  const problem = nodeVersionProblem(program)
  if (problem !== null) {
    process.stderr.write(problem)
    process.exitCode = 2
    return
  }
  const argv = process.argv.slice(2)
  const answer = quickAnswer(argv)
  if (answer !== null) {
    process.stdout.write(answer)
    return
  }
  const env = prepare?.(process.env) ?? process.env
  const { runCommandOnThread } = await import('./command-thread')
  process.exitCode = await runCommandOnThread(
    argv,
    { stdout: process.stdout, stderr: process.stderr, signals: process, exit: (code) => process.exit(code), env },
    built?.()
  )
}
