import { describe, expect, it } from 'vitest'
import { QUIT_WHILE_RUNNING, quitChosen } from './quit-while-running'

describe('quitting while a lookup runs', () => {
  it('asks in the words of the issue, and keeps running unless Quit is chosen (Escape and Enter keep running)', () => {
    expect(QUIT_WHILE_RUNNING.message).toBe('A lookup is running. Quit and resume it later?')
    expect(quitChosen(0)).toBe(true)
    expect(quitChosen(QUIT_WHILE_RUNNING.cancelId)).toBe(false)
    expect(quitChosen(QUIT_WHILE_RUNNING.defaultId)).toBe(false)
  })
})
