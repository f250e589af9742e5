import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { HELD_AT_MOST_MB } from '../memory/test-support/held-at-most'

const churn = join(dirname(fileURLToPath(import.meta.url)), 'test-support', 'root-young-churn.ts')

describe("the app's root", () => {
  it("holds main's young generation from the moment it is built, for the Electron app and the Node entries alike", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', churn])
    const { beforeMb, largestMb } = JSON.parse(stdout) as { beforeMb: number; largestMb: number }
    // Loading the app's modules grows it before the root is built (32 MB here); past that V8 doubled
    // it to 128 MB under this churn. Held, it stays under half that: V8 reports a collection to the
    // hold a task later, so on a busy machine it can grow once more, and by a few pages, before
    // the hold sees it (34.75 MB was seen in CI).
    expect(largestMb).toBeLessThanOrEqual(Math.max(beforeMb, HELD_AT_MOST_MB))
  }, 60_000)
})
