import { AppError } from '../../src/shared/domain/app-error'
import type { Harness } from './start-harness'
import { startPreview } from './start-preview'

/** Serves the preview until Ctrl+C; settings persist in ~/.store-inventory-lookup-preview (see `previewDataDir`). */
let harness: Harness
try {
  harness = await startPreview(process.env)
} catch (error) {
  if (!(error instanceof AppError)) throw error
  process.stderr.write(`Error: ${error.message}\n`)
  process.exit(2)
}
process.stdout.write(
  `Store Inventory Lookup is being served for this run only at:\n\n  ${harness.url}\n\n` +
    `Open it in a browser on this machine. Exports are written to ${harness.exportDir}.\nPress Ctrl+C to stop.\n`
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void harness.close().finally(() => process.exit(0))
  })
}
