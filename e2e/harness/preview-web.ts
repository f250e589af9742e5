import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { startHarness } from './start-harness'

/**
 * `npm run preview:web`: the real renderer and main services in any local browser, for machines
 * that cannot run Electron. Settings persist in ~/.store-inventory-lookup-preview.
 */
const dataDir = process.env.PREVIEW_DATA_DIR ?? join(homedir(), '.store-inventory-lookup-preview')
mkdirSync(dataDir, { recursive: true })

const harness = await startHarness({
  dataDir,
  secretStore: process.env.PREVIEW_SECRET_STORE === 'memory' ? 'memory' : 'keychain'
})
process.stdout.write(
  `Store Inventory Lookup is being served for this run only at:\n\n  ${harness.url}\n\n` +
    `Open it in a browser on this machine. Exports are written to ${harness.exportDir}.\nPress Ctrl+C to stop.\n`
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void harness.close().finally(() => process.exit(0))
  })
}
