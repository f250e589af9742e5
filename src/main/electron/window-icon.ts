/**
 * The app's icon on its window. Packaged builds also carry it in the installer's own format; this
 * is what makes `npm start` and `npm run dev` show it too. macOS takes a window's icon from the app
 * bundle, so there it goes on the Dock instead, outside packaged builds.
 */
export function windowIconOptions(platform: NodeJS.Platform, iconPath: string): { icon?: string } {
  return platform === 'darwin' ? {} : { icon: iconPath }
}

export function needsDockIcon(platform: NodeJS.Platform, isPackaged: boolean): boolean {
  return platform === 'darwin' && !isPackaged
}
