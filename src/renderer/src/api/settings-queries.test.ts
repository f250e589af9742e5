import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../../../shared/settings'
import { followSettings, settingsQuery } from './settings-queries'

describe('the settings query', () => {
  it('takes the settings main tells of (a pause from the tray) as what Settings shows, over what it read before', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(settingsQuery.queryKey, { settings: DEFAULT_SETTINGS, warning: null })
    const paused = { settings: { ...DEFAULT_SETTINGS, schedulesPaused: true }, warning: null }

    followSettings(queryClient)(paused)
    expect(queryClient.getQueryData(settingsQuery.queryKey)).toEqual(paused)
    expect(queryClient.getQueryState(settingsQuery.queryKey)?.isInvalidated).toBe(false)

    followSettings(queryClient)({ settings: DEFAULT_SETTINGS, warning: 'The settings file could not be read.' })
    expect(queryClient.getQueryData(settingsQuery.queryKey)?.settings.schedulesPaused).toBe(false)
    expect(queryClient.getQueryData(settingsQuery.queryKey)?.warning).toBe('The settings file could not be read.')
  })
})
