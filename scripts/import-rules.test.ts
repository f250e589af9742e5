import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { cruise, type IConfiguration, type IViolation } from 'dependency-cruiser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The import rules `npm run lint:imports` checks, run on a small tree laid out like the project's:
 * each rule must fail on an import that breaks it, and pass the imports the layout allows.
 */
const ROOT = join(import.meta.dirname, '..')

/** Each file of the tree and what it imports (a leading `type ` makes the import type-only). */
const TREE: Record<string, string[]> = {
  // Allowed: the edges call the capabilities and the root; screens use parts and shared folders.
  'src/main/composition-root.ts': ['./jobs/runner'],
  'src/main/jobs/runner.ts': ['../../shared/domain'],
  'src/main/ipc/handlers.ts': ['../composition-root', '../jobs/runner'],
  'src/main/electron/window.ts': ['../ipc/handlers', 'electron'],
  'src/main/cli/lookup.ts': ['../jobs/runner', '../composition-root'],
  'src/shared/domain.ts': [],
  'src/renderer/src/grid/grid.ts': ['../api/queries', '../../../shared/domain'],
  'src/renderer/src/api/queries.ts': [],
  'src/renderer/src/results/view.ts': ['../grid/grid', './rows'],
  'src/renderer/src/results/rows.ts': [],
  'src/renderer/src/run/job.ts': ['../api/queries'],
  'src/renderer/src/lookup/screen.ts': ['../results/view', '../run/job', '../grid/grid'],
  'src/renderer/src/compare/screen.ts': ['../grid/grid'],
  'src/renderer/src/app.ts': ['./lookup/screen', './compare/screen'],

  // Each breaks one rule.
  'src/main/history/pages.ts': ['type ./store'],
  'src/main/history/store.ts': ['type ./pages'],
  'src/renderer/src/entry/reads-main.ts': ['type ../../../main/jobs/runner'],
  'src/renderer/src/entry/reads-preload.ts': ['../../../preload/index'],
  'src/preload/index.ts': [],
  'src/renderer/src/entry/reads-disk.ts': ['node:fs'],
  'src/main/history/shows.ts': ['../../renderer/src/grid/grid'],
  'src/shared/calls-main.ts': ['../main/jobs/runner'],
  'src/shared/opens-window.ts': ['electron'],
  'src/shared/opens-window-main.ts': ['electron/main'],
  'src/main/jobs/uses-window.ts': ['../electron/window'],
  'src/main/jobs/answers-ipc.ts': ['type ../ipc/handlers'],
  'src/main/settings/builds-services.ts': ['../composition-root'],
  'src/main/history/runs-headless.ts': ['../cli/lookup'],
  'src/main/cli/calls-handlers.ts': ['../ipc/handlers'],
  'src/renderer/src/grid/knows-results.ts': ['../results/rows'],
  'src/renderer/src/run/shows-results.ts': ['../results/rows'],
  'src/renderer/src/compare/opens-lookup.ts': ['../lookup/screen']
}

const EXPECTED = [
  'renderer-not-to-main: src/renderer/src/entry/reads-main.ts',
  'renderer-not-to-main: src/renderer/src/entry/reads-preload.ts',
  'renderer-not-to-node: src/renderer/src/entry/reads-disk.ts',
  'main-not-to-renderer: src/main/history/shows.ts',
  'shared-not-to-sides: src/shared/calls-main.ts',
  'shared-not-to-sides: src/shared/opens-window.ts',
  'shared-not-to-sides: src/shared/opens-window-main.ts',
  'capability-not-to-edges: src/main/jobs/uses-window.ts',
  'capability-not-to-edges: src/main/jobs/answers-ipc.ts',
  'capability-not-to-edges: src/main/settings/builds-services.ts',
  'capability-not-to-edges: src/main/history/runs-headless.ts',
  'cli-not-to-ipc: src/main/cli/calls-handlers.ts',
  'renderer-shared-not-to-features: src/renderer/src/grid/knows-results.ts',
  'renderer-parts-not-to-each-other: src/renderer/src/run/shows-results.ts',
  'renderer-screens-not-to-each-other: src/renderer/src/compare/opens-lookup.ts'
]

function source(imports: string[]): string {
  const lines = imports.map((spec, i) =>
    spec.startsWith('type ') ? `import type * as t${i} from '${spec.slice(5)}'` : `import * as m${i} from '${spec}'`
  )
  const used = imports.map((spec, i) => (spec.startsWith('type ') ? `t${i}.Anything` : `typeof m${i}`))
  return `${lines.join('\n')}\nexport type Uses = [${used.join(', ')}]\nexport const here = 1\n`
}

let tree: string
let violations: IViolation[]

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'import-rules-'))
  for (const [path, imports] of Object.entries(TREE)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true })
    writeFileSync(join(tree, path), source(imports))
  }
  const config = ((await import(pathToFileURL(join(ROOT, '.dependency-cruiser.mjs')).href)) as { default: IConfiguration }).default
  const { tsConfig: _projectTsConfig, ...options } = config.options ?? {}
  const result = await cruise(['src'], { ...options, baseDir: tree, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } })
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text instead of a result')
  violations = result.output.summary.violations
}, 60_000)

afterAll(() => rmSync(tree, { recursive: true, force: true }))

describe('the import rules', () => {
  it('fail on an import cycle made of type-only imports', () => {
    const cycles = violations.filter((violation) => violation.rule.name === 'no-circular')
    expect(cycles.length).toBeGreaterThan(0)
    for (const cycle of cycles) expect(['src/main/history/pages.ts', 'src/main/history/store.ts']).toContain(cycle.from)
  })

  it('fail on each import that points the wrong way, and on nothing the layout allows', () => {
    const found = violations
      .filter((violation) => violation.rule.name !== 'no-circular')
      .map((violation) => `${violation.rule.name}: ${violation.from}`)
    expect(found.sort()).toEqual([...EXPECTED].sort())
  })
})
