import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * Numbers and dates on screen follow one locale: lint refuses, anywhere in the renderer but its
 * format module, the calls and locale names that would format them in another.
 */
const ROOT = join(import.meta.dirname, '..')

/** The project's lint config, this rule alone, on a file that is not on disk: without type information, which the rule does not use. */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax'
})

async function localeProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) })
  const messages = result?.messages ?? []
  expect(messages.filter((message) => message.fatal === true)).toEqual([])
  return messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message)
}

const OFFENDING = [
  'export const a = (1234.5).toLocaleString()',
  "export const b = (1234.5).toLocaleString('en-US')",
  'export const c = new Date().toLocaleDateString()',
  'export const d = new Date().toLocaleTimeString()',
  'export const e = new Intl.NumberFormat(undefined).format(1)',
  'export const f = new Intl.DateTimeFormat().format(new Date())',
  "export const g = ['de-DE']"
]

describe('the screen-locale lint rule', () => {
  it('refuses locale formatting and locale names anywhere else in the renderer, saying where to format', async () => {
    for (const code of OFFENDING) {
      const problems = await localeProblems('src/renderer/src/results/example.ts', code)
      expect(problems.length, code).toBeGreaterThan(0)
      for (const problem of problems) expect(problem, code).toContain('Format numbers and dates with src/renderer/src/format')
    }
  }, 60_000)

  it('lets the format module do it, and leaves ordinary words alone', async () => {
    expect(await localeProblems('src/renderer/src/format/example.ts', OFFENDING.join('\n'))).toEqual([])
    expect(await localeProblems('src/renderer/src/results/example.ts', "export const h = ['id', 'csv', 'gtin', 'Store 12-34']")).toEqual([])
  }, 60_000)
})
