import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

/**
 * Grid benchmark (`npm run bench:grid`; not a test). Builds a page that mounts the real ResultsView
 * on 100,000 in-memory result rows, drives it in Chromium, and prints time to first render, to sort,
 * to filter, the scrolling frame rate, and the app renderer's JavaScript size gzipped.
 * Options: `--rows N` (default 100000), `--runs N` page loads and sort/filter repetitions (default 5,
 * median shown).
 */

const ROOT = resolve(import.meta.dirname, '..')
const PAGE_DIR = join(ROOT, 'bench', 'grid-page')
const OUT_DIR = join(ROOT, '.bench', 'grid-page')
const RENDERER_ASSETS = join(ROOT, 'out', 'renderer', 'assets')

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? undefined : Number(process.argv[index + 1])
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback
}

const ROWS = option('rows', 100_000)
const RUNS = option('runs', 5)

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8'
}

async function buildPage(): Promise<void> {
  await build({
    configFile: false,
    root: PAGE_DIR,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: OUT_DIR, emptyOutDir: true, reportCompressedSize: false }
  })
}

function serve(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(dir + sep)) {
      response.writeHead(403).end()
      return
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end()
    )
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

async function rendererJsGzipBytes(): Promise<number | null> {
  if (!existsSync(RENDERER_ASSETS)) return null
  let total = 0
  for (const name of await readdir(RENDERER_ASSETS)) {
    if (name.endsWith('.js')) total += gzipSync(await readFile(join(RENDERER_ASSETS, name)), { level: 9 }).byteLength
  }
  return total
}

function chromiumExecutable(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

interface Figure {
  measure: string
  value: number | null
  unit: string
  target: string
  pass: boolean | null
  note?: string
}

async function main(): Promise<void> {
  await buildPage()
  const server = await serve(OUT_DIR)
  const executablePath = chromiumExecutable()
  const browser = await chromium.launch({
    ...(executablePath === undefined ? {} : { executablePath }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run'
    ]
  })
  const figures: Figure[] = []
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
    const { port } = server.address() as AddressInfo
    // First render and the first actions after it are measured on fresh page loads (median): one
    // load alone says more about when the browser happened to collect garbage than about the grid.
    const cold = { render: [] as number[], search: [] as number[], sort: [] as number[] }
    let lines = 0
    let searchShown = 0
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`http://127.0.0.1:${port}/index.html?rows=${ROWS}`)
      await page.waitForFunction('window.gridBench !== undefined')
      lines = (await page.evaluate('window.gridBench.lines')) as number
      cold.render.push((await page.evaluate('window.gridBench.mount()')) as number)
      // Right after the first render the table's filter caches are still empty: the worst case a
      // person can meet is a keystroke or a header click before the idle warm-up has run.
      const search = (await page.evaluate(`window.gridBench.filter('Quick search', 'maple')`)) as { ms: number; shown: number }
      cold.search.push(search.ms)
      searchShown = search.shown
      await page.evaluate(`window.gridBench.filter('Quick search', '')`)
      cold.sort.push((await page.evaluate(`window.gridBench.sort('Location area')`)) as number)
      await page.evaluate(`window.gridBench.clearSort('Location area')`)
    }
    const spread = (values: readonly number[]) => `${values.length} page loads, ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} ms`
    const firstRender = median(cold.render)
    figures.push({ measure: `First render (${ROWS.toLocaleString('en-US')} rows, ${lines.toLocaleString('en-US')} lines; median)`, value: firstRender, unit: 'ms', target: '< 300 ms', pass: firstRender < 300, note: spread(cold.render) })
    const coldSearch = median(cold.search)
    figures.push({ measure: 'Quick search "maple", right after load (median)', value: coldSearch, unit: 'ms', target: '< 100 ms', pass: coldSearch < 100, note: `${searchShown.toLocaleString('en-US')} rows shown; ${spread(cold.search)}` })
    const coldSort = median(cold.sort)
    figures.push({ measure: 'Sort by Location area, right after load (median)', value: coldSort, unit: 'ms', target: '< 250 ms', pass: coldSort < 250, note: spread(cold.sort) })
    await page.waitForTimeout(2000)

    for (const column of ['GTIN', 'Quantity', 'Location area']) {
      const runs: number[] = []
      for (let run = 0; run < RUNS; run += 1) {
        // One way, then the other, then back to line order, so every run starts from the same state.
        runs.push((await page.evaluate(`window.gridBench.sort(${JSON.stringify(column)})`)) as number)
        runs.push((await page.evaluate(`window.gridBench.sort(${JSON.stringify(column)})`)) as number)
        await page.evaluate(`window.gridBench.clearSort(${JSON.stringify(column)})`)
      }
      const value = median(runs)
      figures.push({ measure: `Sort by ${column} (median of ${runs.length}, both directions)`, value, unit: 'ms', target: '< 250 ms', pass: value < 250 })
    }

    const filters: Array<{ measure: string; apply: string; clear: string }> = [
      { measure: 'Filter GTIN contains "123"', apply: `window.gridBench.filter('Filter GTIN', '123')`, clear: `window.gridBench.filter('Filter GTIN', '')` },
      { measure: 'Quick search "maple available"', apply: `window.gridBench.filter('Quick search', 'maple available')`, clear: `window.gridBench.filter('Quick search', '')` },
      { measure: 'Filter Quantity ">100"', apply: `window.gridBench.filter('Filter Quantity', '>100')`, clear: `window.gridBench.filter('Filter Quantity', '')` },
      { measure: 'Status chip "Not found"', apply: `window.gridBench.toggleChip('Not found')`, clear: `window.gridBench.toggleChip('Not found')` }
    ]
    for (const filter of filters) {
      const runs: number[] = []
      let shown = 0
      for (let run = 0; run < RUNS; run += 1) {
        const result = (await page.evaluate(filter.apply)) as { ms: number; shown: number }
        runs.push(result.ms)
        shown = result.shown
        await page.evaluate(filter.clear)
      }
      const value = median(runs)
      figures.push({ measure: `${filter.measure} (median of ${RUNS})`, value, unit: 'ms', target: '< 100 ms', pass: value < 100, note: `${shown.toLocaleString('en-US')} rows shown` })
    }

    const scroll = (await page.evaluate('window.gridBench.scroll(2000, 96)')) as {
      fps: number
      frames: number
      worstFrameMs: number
      longFrames: number
      lastRowShown: number
    }
    figures.push({
      measure: 'Scrolling (96 px a frame, 2 s)',
      value: scroll.fps,
      unit: 'fps',
      target: '~60 fps (>= 55)',
      pass: scroll.fps >= 55,
      note: `${scroll.frames} frames, worst ${scroll.worstFrameMs.toFixed(1)} ms, ${scroll.longFrames} over 33 ms, reached row ${scroll.lastRowShown.toLocaleString('en-US')}`
    })
  } finally {
    await browser.close()
    server.close()
  }

  const gzip = await rendererJsGzipBytes()
  figures.push(
    gzip === null
      ? { measure: 'Renderer JS gzipped', value: null, unit: 'KiB', target: '< 300 KiB', pass: null, note: 'out/renderer is missing: run `electron-vite build` first' }
      : { measure: 'Renderer JS gzipped (out/renderer/assets/*.js)', value: gzip / 1024, unit: 'KiB', target: '< 300 KiB', pass: gzip / 1024 < 300 }
  )

  const rows = figures.map((figure) => ({
    measure: figure.measure,
    result: figure.value === null ? 'n/a' : `${figure.value.toFixed(1)} ${figure.unit}`,
    target: figure.target,
    verdict: figure.pass === null ? 'n/a' : figure.pass ? 'pass' : 'FAIL',
    note: figure.note ?? ''
  }))
  const widths = (['measure', 'result', 'target', 'verdict', 'note'] as const).map((key) =>
    Math.max(key.length, ...rows.map((row) => row[key].length))
  )
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ').trimEnd()
  console.log(line(['measure', 'result', 'target', 'verdict', 'note']))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line([row.measure, row.result, row.target, row.verdict, row.note]))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
