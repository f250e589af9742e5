import { describe, expect, it } from 'vitest'
import { needsDockIcon, windowIconOptions } from './window-icon'

describe('the window icon', () => {
  it('goes on the window on Linux and Windows, and on the Dock on macOS outside packaged builds', () => {
    expect(windowIconOptions('linux', '/app/icon.png')).toEqual({ icon: '/app/icon.png' })
    expect(windowIconOptions('win32', 'C:\\app\\icon.png')).toEqual({ icon: 'C:\\app\\icon.png' })
    expect(windowIconOptions('darwin', '/app/icon.png')).toEqual({})
    expect(needsDockIcon('darwin', false)).toBe(true)
    expect(needsDockIcon('darwin', true)).toBe(false)
    expect(needsDockIcon('linux', false)).toBe(false)
  })
})
