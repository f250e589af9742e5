import { describe, expect, it } from 'vitest'
import { answerOf, CLOSE_WITH_UNSAVED_SETTINGS, QUIT_WHILE_RUNNING } from './questions'

describe('quitting while a lookup runs', () => {
  it('asks in the words of the issue, and keeps running unless Quit is chosen (Escape and Enter keep running)', () => {
    expect(QUIT_WHILE_RUNNING.message).toBe('A lookup is running. Quit and resume it later?')
    expect(answerOf(QUIT_WHILE_RUNNING, 0)).toBe('Quit')
    expect(answerOf(QUIT_WHILE_RUNNING, QUIT_WHILE_RUNNING.cancelId)).not.toBe('Quit')
    expect(answerOf(QUIT_WHILE_RUNNING, QUIT_WHILE_RUNNING.defaultId)).not.toBe('Quit')
  })
})

describe('closing the window with unsaved Settings edits', () => {
  it('asks, and closes only when "Close without saving" is chosen (Escape and Enter keep editing)', () => {
    expect(CLOSE_WITH_UNSAVED_SETTINGS.message).toBe('Close without saving your Settings changes?')
    expect(answerOf(CLOSE_WITH_UNSAVED_SETTINGS, 0)).toBe('Close without saving')
    expect(answerOf(CLOSE_WITH_UNSAVED_SETTINGS, CLOSE_WITH_UNSAVED_SETTINGS.cancelId)).not.toBe('Close without saving')
    expect(answerOf(CLOSE_WITH_UNSAVED_SETTINGS, CLOSE_WITH_UNSAVED_SETTINGS.defaultId)).not.toBe('Close without saving')
  })
})
