import { homedir } from 'node:os'
import { join } from 'node:path'

/** Electron names the folder after `productName`; using the same one shares the app's settings (client IDs, hosts). */
const APP_FOLDER = 'Store Inventory Lookup'

/** The folder the app keeps its settings in, or `STORE_INVENTORY_DATA_DIR` when set (tests, separate profiles). */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir()
): string {
  const override = env.STORE_INVENTORY_DATA_DIR
  if (override !== undefined && override.trim() !== '') return override
  switch (platform) {
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER)
    case 'darwin':
      return join(home, 'Library', 'Application Support', APP_FOLDER)
    default:
      return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_FOLDER)
  }
}
