import { homedir } from 'node:os'
import { posix, win32 } from 'node:path'
import { AppError } from '../../shared/domain/app-error'

/** Electron names the folder after `productName`; using the same one shares the app's settings (client IDs, hosts). */
const APP_FOLDER = 'Store Inventory Lookup'

/**
 * The folder the app keeps its settings in, or `STORE_INVENTORY_DATA_DIR` when set (tests, separate
 * profiles). Only an absolute folder is used: a relative one would follow the current directory,
 * where a planted `settings.json` could point the command, and the secret it sends, at another
 * host. So an empty `XDG_CONFIG_HOME` or `APPDATA` counts as unset and a relative one is ignored (as
 * the XDG specification says), and a relative `STORE_INVENTORY_DATA_DIR` or home folder is refused
 * with an `AppError` that says what to set.
 */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir()
): string {
  const chosen = chosenDataDir('STORE_INVENTORY_DATA_DIR', env, platform)
  if (chosen !== null) return chosen
  const path = platform === 'win32' ? win32 : posix
  const base =
    platform === 'win32'
      ? (absoluteOrNull(env.APPDATA, platform) ?? path.join(homeFolder(home, platform), 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? path.join(homeFolder(home, platform), 'Library', 'Application Support')
        : (absoluteOrNull(env.XDG_CONFIG_HOME, platform) ?? path.join(homeFolder(home, platform), '.config'))
  return path.join(base, APP_FOLDER)
}

/**
 * The folder an environment variable names, or null when it is unset or empty; a relative one is
 * refused: the person asked for that folder, so guessing another would surprise them.
 */
export function chosenDataDir(variable: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | null {
  const value = env[variable]
  if (value === undefined || value.trim() === '') return null
  if (!isAbsoluteOn(platform, value)) {
    throw new AppError(
      'invalid_input',
      `${variable} is "${value}", which is not a full path; set it to a full path (one that starts at the root of a drive or folder tree) or leave it unset.`
    )
  }
  return value
}

/** The home folder, when it is a full path; anything else would put the data folder under the current directory. */
export function homeFolder(home: string, platform: NodeJS.Platform = process.platform): string {
  if (home.trim() === '' || !isAbsoluteOn(platform, home)) {
    throw new AppError(
      'invalid_input',
      `The home folder is "${home}", which is not a full path, so the app's data folder cannot be found; set HOME (USERPROFILE on Windows) to a full path, or set STORE_INVENTORY_DATA_DIR.`
    )
  }
  return home
}

function absoluteOrNull(value: string | undefined, platform: NodeJS.Platform): string | null {
  return value !== undefined && value.trim() !== '' && isAbsoluteOn(platform, value) ? value : null
}

function isAbsoluteOn(platform: NodeJS.Platform, path: string): boolean {
  // On Windows, `\folder` has no drive: it follows the current drive, so it is not a full path either.
  return platform === 'win32' ? /^(?:[a-zA-Z]:[\\/]|\\\\[^\\]+\\[^\\]+)/.test(path) : posix.isAbsolute(path)
}
