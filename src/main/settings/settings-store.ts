import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../shared/domain/app-error'
import {
  DEFAULT_SETTINGS,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
  type WindowBounds
} from '../../shared/settings'
import { writeFileAtomic } from '../files/atomic-write'
import type { Logger } from '../logging/logger'

export const SETTINGS_FILE_NAME = 'settings.json'
export const SETTINGS_BACKUP_NAME = 'settings.json.bak'

export const UNREADABLE_SETTINGS_WARNING =
  'Your settings file could not be read, so defaults are in use; the old file was kept as settings.json.bak.'
const UNREADABLE_SETTINGS_NOT_MOVED_WARNING =
  'Your settings file could not be read, so defaults are in use; it could not be moved aside either, so changes may not be saved.'

export interface LoadedSettings {
  settings: Settings
  /** A sentence for the user when the file on disk could not be used; null when all is well. */
  warning: string | null
}

export interface SettingsStore {
  load(): Promise<LoadedSettings>
  current(): LoadedSettings
  update(patch: SettingsPatch): Promise<Settings>
  setWindowBounds(bounds: WindowBounds | null): Promise<void>
}

/**
 * The user's settings in `<dir>/settings.json`. Reads never fail: an unusable file is moved aside
 * and the defaults are used, with a warning the UI shows. Writes are atomic and go through one
 * queue, so concurrent updates apply one after another to the latest state and none is lost.
 */
export function createSettingsStore({ dir, log }: { dir: string; log: Logger }): SettingsStore {
  const path = join(dir, SETTINGS_FILE_NAME)
  let state: LoadedSettings = { settings: DEFAULT_SETTINGS, warning: null }
  let queue: Promise<unknown> = Promise.resolve()

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task)
    queue = run.catch(() => undefined)
    return run
  }

  async function write(next: Settings): Promise<void> {
    try {
      await mkdir(dir, { recursive: true })
      await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`)
    } catch (error) {
      log.error('settings could not be saved', { error })
      throw new AppError(
        'file_write_failed',
        'Your settings could not be saved. Check that there is free disk space and that the app may write to its data folder, then try again.'
      )
    }
    state = { settings: next, warning: state.warning }
  }

  return {
    load: () =>
      enqueue(async () => {
        await removeStaleTempFiles(dir)
        state = await readSettings(dir, log)
        return state
      }),
    current: () => state,
    update: (patch) =>
      enqueue(async () => {
        const parsed = settingsPatchSchema.safeParse(patch)
        if (!parsed.success) {
          throw new AppError('invalid_input', 'Those settings are not valid, so nothing was changed.')
        }
        const next = validated(applyPatch(state.settings, parsed.data))
        await write(next)
        return next
      }),
    setWindowBounds: (bounds) =>
      enqueue(async () => {
        await write(validated({ ...state.settings, window: bounds }))
      })
  }
}

async function readSettings(dir: string, log: Logger): Promise<LoadedSettings> {
  const path = join(dir, SETTINGS_FILE_NAME)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (isMissing(error)) return { settings: DEFAULT_SETTINGS, warning: null }
    log.warn('the settings file could not be read', { error })
    return { settings: DEFAULT_SETTINGS, warning: await moveAside(dir, log) }
  }
  const parsed = settingsSchema.safeParse(parseJson(text))
  if (parsed.success) return { settings: parsed.data, warning: null }
  log.warn('the settings file is not valid settings', { issues: parsed.error.issues.slice(0, 5) })
  return { settings: DEFAULT_SETTINGS, warning: await moveAside(dir, log) }
}

async function moveAside(dir: string, log: Logger): Promise<string> {
  const backup = join(dir, SETTINGS_BACKUP_NAME)
  try {
    await rm(backup, { recursive: true, force: true })
    await rename(join(dir, SETTINGS_FILE_NAME), backup)
    return UNREADABLE_SETTINGS_WARNING
  } catch (error) {
    log.error('the unreadable settings file could not be moved aside', { error })
    return UNREADABLE_SETTINGS_NOT_MOVED_WARNING
  }
}

/** Temporary files a crash in the middle of an atomic write leaves behind. */
async function removeStaleTempFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [])
  const prefix = `.${SETTINGS_FILE_NAME}.`
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
      .map((name) => rm(join(dir, name), { force: true }).catch(() => undefined))
  )
}

function validated(candidate: Settings): Settings {
  const parsed = settingsSchema.safeParse(candidate)
  if (!parsed.success) throw new AppError('invalid_input', 'Those settings are not valid, so nothing was changed.')
  return parsed.data
}

function applyPatch(settings: Settings, patch: SettingsPatch): Settings {
  const { environments, ...rest } = patch
  return {
    ...settings,
    ...definedOnly(rest),
    environments: {
      sandbox: { ...settings.environments.sandbox, ...definedOnly(environments?.sandbox ?? {}) },
      production: { ...settings.environments.production, ...definedOnly(environments?.production ?? {}) }
    }
  }
}

/** A key present with `undefined` means "not given", never "erase". */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
