import { homedir } from 'node:os'
import { join } from 'node:path'
import { chosenDataDir, homeFolder } from '../../src/main/cli/user-data-dir'
import { DEMO_DATE_VARIABLE } from '../../src/main/demo-api/demo-date'
import { startHarness, type Harness } from './start-harness'

/**
 * The folder `npm run preview:web` keeps its settings and History in: `PREVIEW_DATA_DIR` when set
 * (empty counts as unset; a relative one is refused, as the headless command refuses one), else
 * `~/.store-inventory-lookup-preview`. Never relative to the current directory.
 */
export function previewDataDir(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  return chosenDataDir('PREVIEW_DATA_DIR', env) ?? join(homeFolder(home), '.store-inventory-lookup-preview')
}

/**
 * The preview's harness on its data folder, with the OS keychain unless `PREVIEW_SECRET_STORE=memory`,
 * and the Demo's day of `STORE_INVENTORY_DEMO_DATE` (today without it).
 */
export function startPreview(env: NodeJS.ProcessEnv, home: string = homedir()): Promise<Harness> {
  return startHarness({
    dataDir: previewDataDir(env, home),
    secretStore: env.PREVIEW_SECRET_STORE === 'memory' ? 'memory' : 'keychain',
    demoDate: env[DEMO_DATE_VARIABLE] ?? null
  })
}
