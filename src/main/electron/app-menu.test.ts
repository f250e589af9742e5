import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { applicationMenuTemplate, DEVELOPER_ROLES } from './app-menu'

function roles(items: readonly MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role === undefined ? [] : [item.role]),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])
  ])
}

describe('applicationMenuTemplate', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('has no reload and no developer tools when packaged (%s)', (platform) => {
    const found = roles(applicationMenuTemplate({ isPackaged: true, platform }))
    expect(found.filter((role) => DEVELOPER_ROLES.has(role as MenuItemConstructorOptions['role']))).toEqual([])
    expect(found).toContain('editMenu')
  })

  it('keeps them while developing', () => {
    expect(roles(applicationMenuTemplate({ isPackaged: false, platform: 'linux' }))).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools'])
    )
  })

  it('has the app menu on macOS only', () => {
    expect(roles(applicationMenuTemplate({ isPackaged: true, platform: 'darwin' }))[0]).toBe('appMenu')
    expect(roles(applicationMenuTemplate({ isPackaged: true, platform: 'win32' }))).not.toContain('appMenu')
  })
})
