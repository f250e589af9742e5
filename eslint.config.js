import { builtinModules } from 'node:module'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { MAX_SOURCE_LINES } from './scripts/source-limits.mjs'

/** Only the Electron edge, the preload and the Electron e2e test may touch Electron. */
const ELECTRON_FILES = ['src/main/electron/**', 'src/preload/**', 'e2e/electron.spec.ts']

/**
 * Numbers and dates on screen follow one locale, the window's: only the renderer's format module
 * (src/renderer/src/format) may format them or name a locale.
 */
const LOCALE_MESSAGE =
  "Format numbers and dates with src/renderer/src/format (the screen's locale); do not format them here or name a locale."
const noLocaleFormatting = [
  { selector: 'CallExpression[callee.property.name=/^toLocale(String|DateString|TimeString)$/]', message: LOCALE_MESSAGE },
  { selector: "MemberExpression[object.name='Intl']", message: LOCALE_MESSAGE },
  { selector: 'Literal[value=/^[a-z]{2,3}-[A-Z]{2}$/]', message: LOCALE_MESSAGE }
]

const noElectron = {
  name: 'electron',
  message: 'Only src/main/electron, src/preload and e2e/electron.spec.ts may import Electron; pass effects in instead.'
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      '.tools/**',
      'test-results/**',
      'playwright-report/**',
      'e2e-artifacts/**',
      '.bench/**'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      // Type-aware: a promise nobody awaits (or one handed to a callback that ignores it) loses its errors.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [noElectron] }],
      'max-lines': ['error', { max: MAX_SOURCE_LINES, skipBlankLines: false, skipComments: false }]
    }
  },
  {
    files: ELECTRON_FILES,
    rules: { '@typescript-eslint/no-restricted-imports': 'off' }
  },
  {
    // Plain JavaScript outside the TypeScript projects: no type information to lint with.
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/src/format/**'],
    rules: { 'no-restricted-syntax': ['error', ...noLocaleFormatting] }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...builtinModules.map((name) => ({ name, message: 'The renderer runs in a sandbox without Node.' }))],
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a sandbox without Node.' },
            {
              group: ['**/main/**', '**/preload/**'],
              message: 'The renderer talks to main only through window.inventory; import the contract from src/shared.'
            }
          ]
        }
      ]
    }
  }
)
