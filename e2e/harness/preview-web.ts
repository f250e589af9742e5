import { nodeVersionProblem } from '../../src/main/cli/node-version'

/**
 * `npm run preview:web`: the real renderer and main services in any local browser, for machines
 * that cannot run Electron. Only the Node check is imported before it runs: the services load
 * `node:sqlite`, which an older Node cannot even load.
 */
const problem = nodeVersionProblem('The browser preview (npm run preview:web)')
if (problem === null) await import('./serve-preview')
else {
  process.stderr.write(problem)
  process.exitCode = 2
}
