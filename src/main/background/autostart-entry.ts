import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../files/atomic-write'

/** The file Linux desktops (the XDG autostart rule) start at login. */
export const AUTOSTART_FILE_NAME = 'store-inventory-lookup.desktop'

/** A desktop entry that opens the app hidden in the tray at login. */
export function autostartEntryText(execPath: string): string {
  // The Exec key quotes its argument and escapes ", `, $ and \ inside it (Desktop Entry Specification).
  const quoted = `"${execPath.replace(/(["`$\\])/g, '\\$1')}"`
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Store Inventory Lookup',
    `Exec=${quoted} --hidden`,
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=false',
    ''
  ].join('\n')
}

/** Writes (or removes) `<config>/autostart/store-inventory-lookup.desktop`, `config` being the XDG config folder. */
export async function writeAutostartEntry(configDir: string, execPath: string, open: boolean): Promise<void> {
  const dir = join(configDir, 'autostart')
  const path = join(dir, AUTOSTART_FILE_NAME)
  if (!open) return rm(path, { force: true })
  // The folder is the desktop's, shared with other programs: created if missing, its mode left as it is.
  await mkdir(dir, { recursive: true })
  await writeFileAtomic(path, autostartEntryText(execPath))
}
