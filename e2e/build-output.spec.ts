import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'

/**
 * What `npm start` and `npm run dev` run is the built main process in out/: checked after the build
 * step of `npm test`, so the window's icon cannot silently go missing outside packaged builds.
 */
const outMain = resolve(import.meta.dirname, '..', 'out', 'main')

test('the built main process carries the app icon next to itself and gives its path to the window', () => {
  const bundle = readFileSync(join(outMain, 'index.js'), 'utf8')
  const reference = /join\$?\d*\(import\.meta\.dirname, "\.\/(chunks\/icon-[\w-]+\.png)"\)/.exec(bundle)
  expect(reference, 'out/main/index.js should resolve the icon next to itself').not.toBeNull()
  const iconFile = join(outMain, reference?.[1] ?? '')
  expect(existsSync(iconFile)).toBe(true)
  expect(readFileSync(iconFile)).toEqual(readFileSync(resolve(import.meta.dirname, '..', 'build', 'icon.png')))
})
