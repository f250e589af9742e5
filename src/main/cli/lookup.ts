import { startCommand } from './start-command'

/**
 * `npm run lookup -- ...`: the installed command's code run from the TypeScript source through tsx,
 * for development (its threads run the source too). npm runs scripts in the package's folder and
 * says where it was started in INIT_CWD; going back there keeps relative paths relative to where
 * the person typed them, as the installed command does.
 */
const startedIn = process.env.INIT_CWD
if (process.env.npm_lifecycle_event === 'lookup' && startedIn !== undefined && startedIn !== '') process.chdir(startedIn)
await startCommand('The headless lookup (npm run lookup)')
