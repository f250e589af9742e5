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
 * on a job of 100,000 in-memory lines, drives it in Chromium, and prints, for the Items view (the
 * view after a run) and the Locations view: time to first render, to sort, to apply each preset,
 * column filters and the quick search, the scrolling frame rate, and the app renderer's JavaScript
 * size gzipped.
 * Options: `--lines N` (default 100000), `--runs N` page loads and sort/filter repetitions (default 5,
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

const LINES = option('lines', 100_000)
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
    const spread = (values: readonly number[]) =>
      `${values.length} page loads, ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} ms`
    const count = (value: number) => value.toLocaleString('en-US')

    // First render and the first actions after it are measured on fresh page loads (median): one
    // load alone says more about when the browser happened to collect garbage than about the grid.
    const cold = { render: [] as number[], search: [] as number[], sort: [] as number[] }
    let lines = 0
    let locationRows = 0
    let searchShown = 0
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`http://127.0.0.1:${port}/index.html?lines=${LINES}`)
      await page.waitForFunction('window.gridBench !== undefined')
      lines = (await page.evaluate('window.gridBench.lines')) as number
      locationRows = (await page.evaluate('window.gridBench.locationRows')) as number
      cold.render.push((await page.evaluate('window.gridBench.mount()')) as number)
      // Right after the first render the rows' text caches are still empty: the worst case a person
      // can meet is a keystroke or a header click before the idle warm-up has run.
      const search = (await page.evaluate(`window.gridBench.filter('Quick search', 'oat')`)) as { ms: number; shown: number }
      cold.search.push(search.ms)
      searchShown = search.shown
      await page.evaluate(`window.gridBench.filter('Quick search', '')`)
      cold.sort.push((await page.evaluate(`window.gridBench.sort('Description')`)) as number)
      await page.evaluate(`window.gridBench.clearSort('Description')`)
    }
    const firstRender = median(cold.render)
    figures.push({
      measure: `Items view: first render (${count(lines)} lines; median)`,
      value: firstRender,
      unit: 'ms',
      target: '< 300 ms',
      pass: firstRender < 300,
      note: spread(cold.render)
    })
    const coldSearch = median(cold.search)
    figures.push({
      measure: 'Items: quick search "oat", right after load (median)',
      value: coldSearch,
      unit: 'ms',
      target: '< 100 ms',
      pass: coldSearch < 100,
      note: `${count(searchShown)} rows shown; ${spread(cold.search)}`
    })
    const coldSort = median(cold.sort)
    figures.push({
      measure: 'Items: sort by Description, right after load (median)',
      value: coldSort,
      unit: 'ms',
      target: '< 250 ms',
      pass: coldSort < 250,
      note: spread(cold.sort)
    })
    await page.waitForTimeout(2000)

    const sorts = async (view: string, columns: readonly string[]) => {
      for (const column of columns) {
        const runs: number[] = []
        for (let run = 0; run < RUNS; run += 1) {
          // One way, then the other, then back to line order, so every run starts from the same state.
          runs.push((await page.evaluate(`window.gridBench.sort(${JSON.stringify(column)})`)) as number)
          runs.push((await page.evaluate(`window.gridBench.sort(${JSON.stringify(column)})`)) as number)
          await page.evaluate(`window.gridBench.clearSort(${JSON.stringify(column)})`)
        }
        const value = median(runs)
        figures.push({
          measure: `${view}: sort by ${column} (median of ${runs.length}, both directions)`,
          value,
          unit: 'ms',
          target: '< 250 ms',
          pass: value < 250
        })
      }
    }
    const filters = async (view: string, steps: ReadonlyArray<{ measure: string; apply: string; clear: string }>) => {
      for (const step of steps) {
        const runs: number[] = []
        let shown = 0
        for (let run = 0; run < RUNS; run += 1) {
          const result = (await page.evaluate(step.apply)) as { ms: number; shown: number }
          runs.push(result.ms)
          shown = result.shown
          await page.evaluate(step.clear)
        }
        const value = median(runs)
        figures.push({
          measure: `${view}: ${step.measure} (median of ${RUNS})`,
          value,
          unit: 'ms',
          target: '< 100 ms',
          pass: value < 100,
          note: `${count(shown)} rows shown`
        })
      }
    }
    const typed = (label: string, value: string) => ({
      measure: `${label} "${value}"`,
      apply: `window.gridBench.filter(${JSON.stringify(label)}, ${JSON.stringify(value)})`,
      clear: `window.gridBench.filter(${JSON.stringify(label)}, '')`
    })
    const preset = (name: string) => ({
      measure: `preset "${name}"`,
      apply: `window.gridBench.toggleChip(${JSON.stringify(name)})`,
      clear: `window.gridBench.toggleChip(${JSON.stringify(name)})`
    })

    await sorts('Items', ['Stock status', 'On hand', 'GTIN', 'Description'])
    await page.evaluate('window.gridBench.openColumnFilters()')
    await filters('Items', [
      preset('Out of stock'),
      preset('Shelf empty, backroom has stock'),
      preset('Low stock'),
      preset('Not found'),
      preset('Needs attention'),
      typed('Quick search', 'maple 24'),
      typed('Filter On hand', '>100'),
      typed('Filter On shelf', '0'),
      typed('Filter Description', 'tea')
    ])

    const locations = (await page.evaluate(`window.gridBench.switchView('Locations', ${locationRows})`)) as number
    figures.push({
      measure: `Locations view: first render (${count(locationRows)} rows)`,
      value: locations,
      unit: 'ms',
      target: '< 300 ms',
      pass: locations < 300
    })
    await sorts('Locations', ['Quantity', 'Location area'])
    await page.evaluate('window.gridBench.openColumnFilters()')
    await filters('Locations', [
      preset('Shelf empty, backroom has stock'),
      typed('Quick search', 'backroom 24'),
      typed('Filter Quantity', '0')
    ])
    await page.evaluate(`window.gridBench.switchView('Items', ${lines})`)

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
      ? {
          measure: 'Renderer JS gzipped',
          value: null,
          unit: 'KiB',
          target: '< 300 KiB',
          pass: null,
          note: 'out/renderer is missing: run `electron-vite build` first'
        }
      : {
          measure: 'Renderer JS gzipped (out/renderer/assets/*.js)',
          value: gzip / 1024,
          unit: 'KiB',
          target: '< 300 KiB',
          pass: gzip / 1024 < 300
        }
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
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd()
  console.log(line(['measure', 'result', 'target', 'verdict', 'note']))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line([row.measure, row.result, row.target, row.verdict, row.note]))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
