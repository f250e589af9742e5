import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { chosenDataDir, userDataDir } from './user-data-dir'

const APP = 'Store Inventory Lookup'

describe("the headless command's data folder", () => {
  it("is the app's own folder on each system", () => {
    expect(userDataDir({}, 'linux', '/home/ana')).toBe(`/home/ana/.config/${APP}`)
    expect(userDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/ana')).toBe(`/cfg/${APP}`)
    expect(userDataDir({}, 'darwin', '/Users/ana')).toBe(`/Users/ana/Library/Application Support/${APP}`)
    expect(userDataDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ana')).toBe(
      `C:\\Users\\ana\\AppData\\Roaming\\${APP}`
    )
  })

  it('treats an empty XDG_CONFIG_HOME or APPDATA as unset, and ignores a relative one, never using the current directory', () => {
    for (const value of ['', '  ', 'relative/config', '.']) {
      expect(userDataDir({ XDG_CONFIG_HOME: value }, 'linux', '/home/ana')).toBe(`/home/ana/.config/${APP}`)
      expect(userDataDir({ APPDATA: value }, 'win32', 'C:\\Users\\ana')).toBe(`C:\\Users\\ana\\AppData\\Roaming\\${APP}`)
    }
    // A path from the root of the current drive still follows the current drive.
    expect(userDataDir({ APPDATA: '\\AppData' }, 'win32', 'C:\\Users\\ana')).toBe(`C:\\Users\\ana\\AppData\\Roaming\\${APP}`)
  })

  it('takes STORE_INVENTORY_DATA_DIR when it is a full path, treats it as unset when empty, and refuses a relative one in a sentence', () => {
    expect(userDataDir({ STORE_INVENTORY_DATA_DIR: '/data/inventory' }, 'linux', '/home/ana')).toBe('/data/inventory')
    expect(userDataDir({ STORE_INVENTORY_DATA_DIR: '' }, 'linux', '/home/ana')).toBe(`/home/ana/.config/${APP}`)
    expect(() => userDataDir({ STORE_INVENTORY_DATA_DIR: 'data' }, 'linux', '/home/ana')).toThrow(
      new AppError(
        'invalid_input',
        'STORE_INVENTORY_DATA_DIR is "data", which is not a full path; set it to a full path (one that starts at the root of a drive or folder tree) or leave it unset.'
      )
    )
    expect(chosenDataDir('PREVIEW_DATA_DIR', { PREVIEW_DATA_DIR: 'D:\\preview' }, 'win32')).toBe('D:\\preview')
  })

  it('refuses a home folder that is not a full path rather than use the current directory', () => {
    expect(() => userDataDir({}, 'linux', 'home')).toThrow(/The home folder is "home", which is not a full path/)
    expect(() => userDataDir({}, 'linux', '')).toThrow(AppError)
  })
})
