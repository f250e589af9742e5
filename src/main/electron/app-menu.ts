import type { MenuItemConstructorOptions } from 'electron'

/** Roles that open the developer tools or reload the page: for development only. */
export const DEVELOPER_ROLES = new Set<MenuItemConstructorOptions['role']>(['toggleDevTools', 'reload', 'forceReload'])

/**
 * The application menu. Electron's default menu offers reload and the developer tools (with their
 * shortcuts) in every build; a packaged app must not, since either lets anyone at the keyboard
 * run code in the page or throw away what is on screen. Edit stays, for copy and paste in fields.
 */
export function applicationMenuTemplate({
  isPackaged,
  platform
}: {
  isPackaged: boolean
  platform: NodeJS.Platform
}): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const view: MenuItemConstructorOptions[] = [
    ...(isPackaged ? [] : ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const)),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' }
  ]
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' }
  ]
}
