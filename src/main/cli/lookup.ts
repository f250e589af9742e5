import { nodeVersionProblem } from './node-version'

/**
 * `npm run lookup -- ...`: the headless lookup. Only the Node check is imported before it runs:
 * the command's modules load `node:sqlite`, which an older Node cannot even load.
 */
const problem = nodeVersionProblem('The headless lookup (npm run lookup)')
if (problem === null) await import('./lookup-main')
else {
  process.stderr.write(problem)
  process.exitCode = 2
}
