import { appendFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './start-harness'
import { decodeWire, encodeWire } from './wire-codec'
import { packInputColumn } from '../../src/shared/input-column'

let dir: string | null = null
let harness: Harness | null = null
afterEach(async () => {
  await harness?.close()
  harness = null
  if (dir !== null) await rm(dir, { recursive: true, force: true })
  dir = null
})

async function started(recordMessages?: boolean): Promise<Harness> {
  dir = await mkdtemp(join(tmpdir(), 'harness-'))
  harness = await startHarness({ dataDir: dir, secretStore: 'memory', ...(recordMessages === undefined ? {} : { recordMessages }) })
  return harness
}

/** Calls a channel as the page's bridge does. */
async function invoke(on: Harness, channel: string, input?: unknown): Promise<{ ok: boolean; value?: unknown }> {
  const response = await fetch(new URL('__harness/invoke', on.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Referer: on.url },
    body: encodeWire({ channel, input })
  })
  return decodeWire(await response.text()) as { ok: boolean; value?: unknown }
}

describe("the browser harness's bridge", () => {
  it('keeps nothing it sent unless asked, and still knows the last lookup the page was told about', async () => {
    const bridge = await started()
    expect(bridge.lastJobId()).toBeNull()
    const run = await invoke(bridge, 'jobs:start', {
      environment: 'demo',
      stores: [12],
      itemType: 'gtin',
      lines: packInputColumn([{ line: 1, input: '00012345678905' }])
    })
    expect(run.ok).toBe(true)
    const jobId = (run.value as { jobId: string }).jobId
    expect(bridge.lastJobId()).toBe(jobId)
    expect(() => bridge.messages()).toThrow(/start it with recordMessages/)
    await bridge.root.services.lookups.whenSettled(jobId)
  })

  it('keeps every answer as sent when a test asks for them', async () => {
    const bridge = await started(true)
    const settings = await invoke(bridge, 'settings:get')
    expect(settings.ok).toBe(true)
    // Events (the schedules' first schedules:changed) are kept too; the answers are those that name no channel.
    const answers = bridge
      .messages()
      .map((message) => decodeWire(message))
      .filter((message) => typeof message !== 'object' || message === null || !('channel' in message))
    expect(answers).toEqual([settings])
  })

  it('answers "Copy diagnostics" with the log redacted at the boundary, and records the folder "Open log folder" showed', async () => {
    const bridge = await started()
    const secret = 'late-known-s3cr3t'
    // A line an earlier run wrote before the app knew the value was a secret: the answer to the window must not carry it.
    await appendFile(bridge.logFile, `2025-01-01T00:00:00.000Z warn the server echoed ${secret}\n`)
    bridge.root.services.redactor.remember(secret)
    const diagnostics = await invoke(bridge, 'app:diagnostics')
    expect(diagnostics.ok).toBe(true)
    const { text } = diagnostics.value as { text: string }
    expect(text).toContain('warn the server echoed [redacted]')
    expect(text).not.toContain(secret)

    const opened = await invoke(bridge, 'app:open-log-folder')
    expect(opened).toEqual({ ok: true, value: { path: bridge.dataDir } })
    expect(bridge.openedFolders()).toEqual([bridge.dataDir])
  })
})
