// electron-builder 26. `npm run dist` builds with electron-vite first, then packages `out/`.
/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'com.storeinventorylookup.app',
  productName: 'Store Inventory Lookup',
  directories: { buildResources: 'build', output: 'dist' },
  // Production dependencies (keytar, zod) are added by electron-builder itself. The headless command
  // (out/cli) is not: Electron's run-as-Node is off, so the app could not run it; it ships as its own
  // npm tarball instead.
  files: ['out/**', '!out/cli/**', 'package.json'],
  asar: true,
  // keytar's native binding must be a real file on disk to be loaded.
  asarUnpack: ['**/*.node'],
  icon: 'build/icon.png',
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // The page is served from the app:// scheme, so file:// needs none of its old extra privileges.
    grantFileProtocolExtraPrivileges: false
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    icon: 'build/icon.png',
    maintainer: 'Store Inventory Lookup maintainers',
    synopsis: 'Look up store inventory for lists of GTINs or Walmart item numbers'
  },
  deb: {
    // keytar talks to the Secret Service through libsecret.
    depends: ['libsecret-1-0', 'libgtk-3-0', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libuuid1']
  },
  win: { target: ['nsis'], icon: 'build/icon.png' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  mac: { target: ['dmg'], category: 'public.app-category.business', icon: 'build/icon.png' }
}
