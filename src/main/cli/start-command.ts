import type { ThreadScripts } from './command-files'
import { nodeVersionProblem } from './node-version'
import { quickAnswer } from './quick-answer'

/**
 * What both entries do first, with only light modules loaded: check the Node version (the command's
 * modules load `node:sqlite`, which an older Node cannot even load), answer `--help` or `--version`
 * given alone, and only then load the services and run.
 */
export async function startCommand(program: string, threads?: () => ThreadScripts): Promise<void> {
  const problem = nodeVersionProblem(program)
  if (problem !== null) {
    process.stderr.write(problem)
    process.exitCode = 2
    return
  }
  const answer = quickAnswer(process.argv.slice(2))
  if (answer !== null) {
    process.stdout.write(answer)
    return
  }
  const { runCommand } = await import('./lookup-main')
  await runCommand(threads?.())
}
