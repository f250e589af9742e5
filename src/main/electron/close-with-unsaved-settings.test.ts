import { describe, expect, it } from 'vitest'
import { CLOSE_WITH_UNSAVED_SETTINGS, closeChosen } from './close-with-unsaved-settings'

describe('closing the window with unsaved Settings edits', () => {
  it('asks, and closes only when "Close without saving" is chosen (Escape and Enter keep editing)', () => {
    expect(CLOSE_WITH_UNSAVED_SETTINGS.message).toBe('Close without saving your Settings changes?')
    expect(closeChosen(0)).toBe(true)
    expect(closeChosen(CLOSE_WITH_UNSAVED_SETTINGS.cancelId)).toBe(false)
    expect(closeChosen(CLOSE_WITH_UNSAVED_SETTINGS.defaultId)).toBe(false)
  })
})
