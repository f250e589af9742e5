import { readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../shared/domain/app-error'
import { ENVIRONMENT_LABELS, MARKET_PRESETS, type RemoteEnvironmentId } from '../../shared/environments'
import { hostUrlProblem } from '../../shared/host-url'
import {
  DEFAULT_SETTINGS,
  remoteDefaults,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
  type WindowBounds
} from '../../shared/settings'
import { writeFileAtomic } from '../files/atomic-write'
import { makePrivateDir } from '../files/private-files'
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

export interface SettingsStoreOptions {
  dir: string
  log: Logger
  /**
   * For the headless command, which shares the app's folder: the file is only read. An unusable
   * file is an error instead of being moved aside (it may come from a newer version of the app,
   * or the app may be writing it right now), and nothing is ever written.
   */
  readOnly?: boolean
  /** Called after each update is written, with the settings as they now are (the tray and login item follow them). */
  changed?: (settings: Settings) => void
}

/**
 * The user's settings in `<dir>/settings.json`. In the app reads never fail: an unusable file is
 * moved aside and the defaults are used, with a warning the UI shows. Writes are atomic and go
 * through one queue, so concurrent updates apply one after another to the latest state and none
 * is lost.
 */
export function createSettingsStore({ dir, log, readOnly = false, changed }: SettingsStoreOptions): SettingsStore {
  const path = join(dir, SETTINGS_FILE_NAME)
  let state: LoadedSettings = { settings: DEFAULT_SETTINGS, warning: null }
  let queue: Promise<unknown> = Promise.resolve()

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task)
    queue = run.catch(() => undefined)
    return run
  }

  async function write(next: Settings): Promise<void> {
    if (readOnly) throw new AppError('internal', "The headless command does not change the app's settings.")
    try {
      await makePrivateDir(dir)
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
        if (readOnly) {
          const read = await readSettings(dir, log)
          if (read.kind === 'unusable') {
            throw new AppError(
              'file_unreadable',
              `The app's settings file ${path} could not be used, and it was left as it is; open the app to repair it (it may have been written by a newer version), or set STORE_INVENTORY_DATA_DIR to another folder.`
            )
          }
          state = read.loaded
          return state
        }
        await removeStaleTempFiles(dir)
        const read = await readSettings(dir, log)
        state = read.kind === 'usable' ? read.loaded : { settings: DEFAULT_SETTINGS, warning: await moveAside(dir, log) }
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
        changed?.(next)
        return next
      }),
    setWindowBounds: (bounds) =>
      enqueue(async () => {
        await write(validated({ ...state.settings, window: bounds }))
      })
  }
}

type ReadResult = { kind: 'usable'; loaded: LoadedSettings } | { kind: 'unusable' }

async function readSettings(dir: string, log: Logger): Promise<ReadResult> {
  const path = join(dir, SETTINGS_FILE_NAME)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (isMissing(error)) return { kind: 'usable', loaded: { settings: DEFAULT_SETTINGS, warning: null } }
    log.warn('the settings file could not be read', { error })
    return { kind: 'unusable' }
  }
  const { value, replaced } = replaceRefusedHosts(parseJson(text))
  const parsed = settingsSchema.safeParse(value)
  if (!parsed.success) {
    log.warn('the settings file is not valid settings', { issues: parsed.error.issues.slice(0, 5) })
    return { kind: 'unusable' }
  }
  if (replaced.length > 0) log.warn('hosts in the settings file are not allowed and were replaced', { replaced })
  const warning =
    replaced.length === 0
      ? null
      : `Your settings named ${replaced.join(' and ')} that the app no longer accepts (https:// only, no user name, query or fragment), so the standard ${replaced.length === 1 ? 'host is' : 'hosts are'} in use; check them in Settings.`
  return { kind: 'usable', loaded: { settings: parsed.data, warning } }
}

const HOST_FIELDS = { authUrl: 'identity host', baseUrl: 'inventory host' } as const

/**
 * Settings written before the host rules existed may hold an http:// host (or one with a query):
 * those hosts alone are replaced by the standard ones, so the client IDs and everything else survive.
 */
function replaceRefusedHosts(raw: unknown): { value: unknown; replaced: string[] } {
  const replaced: string[] = []
  if (!isRecord(raw) || !isRecord(raw.environments)) return { value: raw, replaced }
  const environments: Record<string, unknown> = { ...raw.environments }
  for (const environment of ['sandbox', 'production'] as const satisfies readonly RemoteEnvironmentId[]) {
    const stored = environments[environment]
    if (!isRecord(stored)) continue
    const next: Record<string, unknown> = { ...stored }
    const market = stored.market === 'canada' || stored.market === 'mexico' ? stored.market : 'canada'
    const standard = { ...remoteDefaults(environment), baseUrl: MARKET_PRESETS[market].inventoryHosts[environment] }
    for (const field of ['authUrl', 'baseUrl'] as const) {
      const url = stored[field]
      if (typeof url !== 'string' || hostUrlProblem(url) === null) continue
      next[field] = standard[field]
      replaced.push(`a ${ENVIRONMENT_LABELS[environment]} ${HOST_FIELDS[field]}`)
    }
    environments[environment] = next
  }
  return { value: { ...raw, environments }, replaced }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
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
  const { environments, columns, ...rest } = patch
  return {
    ...settings,
    ...definedOnly(rest),
    columns: { ...settings.columns, ...definedOnly(columns ?? {}) },
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
