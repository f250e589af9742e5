import { describe, expect, it } from 'vitest'
import { formatBytes } from './format'

describe('formatBytes', () => {
  it('says sizes as a file manager does', () => {
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(812)).toBe('812 bytes')
    expect(formatBytes(304_844)).toBe('297.7 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB')
  })
})
