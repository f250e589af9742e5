import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../shared/settings'
import { createBackgroundMode, type BackgroundEffects } from './background-mode'
import { MAX_TRAY_WATCHLISTS, trayMenu, type TrayEntry } from './tray-menu'

function labels(entries: readonly TrayEntry[] | null): string[] {
  return (entries ?? []).map((entry) => (entry.kind === 'separator' ? '---' : entry.label))
}

function setup(
  watchlists = [
    { id: 'b', name: 'Dairy' },
    { id: 'a', name: 'Morning check' }
  ],
  runFails = false
) {
  let current: Settings = DEFAULT_SETTINGS
  let paused = false
  const calls: string[] = []
  const trays: (readonly TrayEntry[] | null)[] = []
  const effects: BackgroundEffects = {
    setTray: (entries) => trays.push(entries),
    setOpenAtLogin: (open) => calls.push(`login ${open}`),
    openWindow: () => calls.push('open'),
    quit: () => calls.push('quit'),
    tell: (sentence) => calls.push(`tell ${sentence}`)
  }
  const mode = createBackgroundMode({
    settings: {
      current: () => ({ settings: current, warning: null }),
      async update(patch: SettingsPatch) {
        current = { ...current, ...patch } as Settings
        await mode.refresh()
        return current
      }
    },
    watchlists: {
      list: async () => watchlists.map((w) => ({ ...w }) as never),
      run: async (id: string) => {
        if (runFails) throw new AppError('missing_credentials', 'Save the client secret for Production in Settings first.')
        calls.push(`run ${id}`)
        return {} as never
      }
    },
    schedules: { pause: () => (paused = true), resume: () => (paused = false), paused: () => paused },
    effects,
    log: { warn: () => undefined }
  })
  return { mode, calls, trays, paused: () => paused, set: (patch: Partial<Settings>) => (current = { ...current, ...patch }) }
}

describe('running in the background', () => {
  it('is off by default: no tray, the login item turned off once, schedules running', async () => {
    const { mode, calls, trays, paused } = setup()
    await mode.refresh()
    await mode.refresh()
    expect(trays).toEqual([null, null])
    expect(calls).toEqual(['login false'])
    expect(paused()).toBe(false)
    expect(mode.keepsRunning()).toBe(false)
  })

  it('shows the tray with Open, Run now for each watchlist by name, Pause schedules and Quit, and acts on each', async () => {
    const { mode, calls, trays, paused, set } = setup()
    set({ keepRunningInBackground: true, openAtLogin: true })
    await mode.refresh()
    expect(mode.keepsRunning()).toBe(true)
    expect(labels(trays.at(-1) ?? null)).toEqual([
      'Open Store Inventory Lookup',
      '---',
      'Run now: Dairy',
      'Run now: Morning check',
      '---',
      'Pause schedules',
      'Quit'
    ])
    await mode.choose({ kind: 'run', watchlistId: 'a' })
    await mode.choose({ kind: 'pause' })
    expect(paused()).toBe(true)
    expect(labels(trays.at(-1) ?? null)).toContain('Resume schedules')
    await mode.choose({ kind: 'resume' })
    expect(paused()).toBe(false)
    await mode.choose({ kind: 'open' })
    await mode.choose({ kind: 'quit' })
    expect(calls).toEqual(['login true', 'run a', 'open', 'quit'])
  })

  it('says in a sentence why a watchlist run from the tray could not start', async () => {
    const { mode, calls, set } = setup(undefined, true)
    set({ keepRunningInBackground: true })
    await mode.refresh()
    await mode.choose({ kind: 'run', watchlistId: 'a' })
    expect(calls.at(-1)).toBe('tell The watchlist could not run: Save the client secret for Production in Settings first.')
  })

  it('keeps schedules paused from the settings at start, with or without a tray', async () => {
    const { mode, paused, set } = setup()
    set({ schedulesPaused: true })
    await mode.refresh()
    expect(paused()).toBe(true)
  })

  it('lists at most a screenful of watchlists, the rest in the window', () => {
    const many = Array.from({ length: MAX_TRAY_WATCHLISTS + 3 }, (_, i) => ({ id: `w${i}`, name: `List ${String(i).padStart(2, '0')}` }))
    const entries = labels(trayMenu(many, false))
    expect(entries.filter((label) => label.startsWith('Run now: '))).toHaveLength(MAX_TRAY_WATCHLISTS)
    expect(entries).toContain('3 more watchlists in the window…')
    expect(labels(trayMenu([], true))).toEqual(['Open Store Inventory Lookup', '---', 'Resume schedules', 'Quit'])
  })
})
