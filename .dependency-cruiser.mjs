/**
 * The import rules `npm run lint` checks (dependency-cruiser). Each says which way the arrows of
 * README's Architecture section point; a rule broken by an import fails lint, type-only imports included.
 */

/** Folders of src/main that are the edges around the capabilities: Electron, the IPC handler table, the headless command. */
const MAIN_EDGES = ['electron', 'ipc', 'cli']

/** Renderer folders shared by every feature: they import only each other (and src/shared). */
const RENDERER_SHARED = ['api', 'components', 'errors', 'export', 'format', 'grid', 'styles', 'test-support']
/** Parts a screen is built from: any screen may use them; they use only the shared folders. */
const RENDERER_PARTS = ['entry', 'run', 'results']
/** The screens app.tsx shows. */
const RENDERER_SCREENS = ['lookup', 'history', 'compare', 'watchlists', 'settings', 'header']

const RENDERER = '^src/renderer/src/'
const anyOf = (folders) => `${RENDERER}(${folders.join('|')})/`

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other (a type-only import counts): move what both need into a file of its own below them.',
      from: {},
      to: { circular: true }
    },
    {
      name: 'renderer-not-to-main',
      severity: 'error',
      comment: 'The renderer talks to main only through window.inventory: import the contract and pure code from src/shared.',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|preload)/' }
    },
    {
      name: 'renderer-not-to-node',
      severity: 'error',
      comment: 'The renderer runs in a sandbox without Node.',
      from: { path: '^src/renderer/' },
      to: { dependencyTypes: ['core'] }
    },
    {
      name: 'main-not-to-renderer',
      severity: 'error',
      comment: 'Main never runs renderer code: what both sides need lives in src/shared.',
      from: { path: '^src/main/' },
      to: { path: '^src/renderer/' }
    },
    {
      name: 'shared-not-to-sides',
      severity: 'error',
      comment: 'src/shared is pure code both sides load: it imports neither side, nor Electron.',
      from: { path: '^src/shared/' },
      // Electron resolves into node_modules where it is installed; 'electron/main' and friends may not resolve at all.
      to: { path: ['^src/(main|preload|renderer)/', '(^|/)node_modules/electron/', '^electron(/|$)'] }
    },
    {
      name: 'capability-not-to-edges',
      severity: 'error',
      comment:
        'A capability of main is called by the edges (Electron, IPC, the headless command) and never calls them back: ' +
        'take what it needs as a parameter or from the service interfaces instead. A test that drives the whole app through the handler table lives in ipc/.',
      from: { path: '^src/main/[^/]+/', pathNot: `^src/main/(${MAIN_EDGES.join('|')})/` },
      to: { path: [`^src/main/(${MAIN_EDGES.join('|')})/`, '^src/main/composition-root\\.ts$'] }
    },
    {
      name: 'cli-not-to-ipc',
      severity: 'error',
      comment: 'The headless command calls the same services as the IPC handlers, not the handlers themselves.',
      from: { path: '^src/main/cli/' },
      to: { path: '^src/main/ipc/' }
    },
    {
      name: 'renderer-shared-not-to-features',
      severity: 'error',
      comment: `The renderer's shared folders (${RENDERER_SHARED.join(', ')}) serve every feature and import none.`,
      from: { path: anyOf(RENDERER_SHARED) },
      to: { path: RENDERER, pathNot: anyOf(RENDERER_SHARED) }
    },
    {
      name: 'renderer-parts-not-to-each-other',
      severity: 'error',
      comment: `A screen's parts (${RENDERER_PARTS.join(', ')}) import only the shared folders; the screen puts them together.`,
      from: { path: anyOf(RENDERER_PARTS) },
      to: { path: RENDERER, pathNot: [`${RENDERER}$1/`, anyOf(RENDERER_SHARED)] }
    },
    {
      name: 'renderer-screens-not-to-each-other',
      severity: 'error',
      comment: 'A screen imports no other screen: app.tsx moves between them; what two need goes in a part or a shared folder.',
      from: { path: `${anyOf(RENDERER_SCREENS)}` },
      to: { path: anyOf(RENDERER_SCREENS), pathNot: `${RENDERER}$1/` }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are imports too: a type circle is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['^out/', '^dist/'] },
    cache: false
  }
}
