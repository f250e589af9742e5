import { attachScreenshot, expect, test } from './fixtures'

test.describe('browser harness and IPC contract', () => {
  test('the page gets window.inventory and nothing of Node', async ({ page }) => {
    const globals = await page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      inventory: Object.keys(window.inventory).sort()
    }))
    expect(globals.require).toBe('undefined')
    expect(globals.process).toBe('undefined')
    expect(globals.inventory).toContain('getSettings')
    expect(globals.inventory).toContain('onJobProgress')
    expect(globals.inventory).not.toContain('invoke')
  })

  test('a setting saved through the UI is still there after a reload', async ({ page }, testInfo) => {
    const store = page.getByRole('textbox', { name: 'Stores' })
    await expect(store).toHaveValue('1234')
    await store.fill('5678')
    await store.blur()
    await expect
      .poll(() => page.evaluate(() => window.inventory.getSettings()))
      .toMatchObject({ ok: true, value: { settings: { stores: [5678] } } })
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue('5678')
    await attachScreenshot(page, testInfo, 'workspace after reload')
  })

  test('malformed payloads get invalid_input with the issue in words, never a crash', async ({ page }) => {
    const results = await page.evaluate(async () => {
      const api = window.inventory as unknown as Record<string, (input: unknown) => Promise<unknown>>
      return Promise.all([
        api.startJob!({ environment: 'demo', stores: ['12'], itemType: 'gtin', lines: { lines: Float64Array.of(1), values: '1' } }),
        api.updateSettings!({ storeNbr: -3 }),
        api.getJobResults!('not an object'),
        api.saveSecret!({ environment: 'staging', clientId: 'x', secret: 'y' })
      ])
    })
    for (const result of results) {
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    expect((results[0] as { error: { message: string } }).error.message).toContain('stores')
    // The app is still answering after bad input.
    expect(await page.evaluate(() => window.inventory.getSettings())).toMatchObject({ ok: true })
  })

  test('the harness refuses requests without its per-run token and from other hosts', async ({ harness, request }) => {
    const noToken = await request.get(`${harness.origin}/`)
    expect(noToken.status()).toBe(403)
    const wrongToken = await request.post(`${harness.origin}/not-the-token/__harness/invoke`, {
      data: { channel: 'settings:get' }
    })
    expect(wrongToken.status()).toBe(403)
    const rebound = await request.get(harness.url, { headers: { Host: 'evil.example:80' } })
    expect(rebound.status()).toBe(421)
    const withToken = await request.get(harness.url)
    expect(withToken.status()).toBe(200)
    expect(new URL(harness.url).hostname).toBe('127.0.0.1')
  })
})
