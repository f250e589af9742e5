import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ESLint } from 'eslint'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_SOURCE_LINES } from './source-limits.mjs'

/** `npm run lint` holds every source file to MAX_SOURCE_LINES: ESLint the code, a script the stylesheets and pages. */
const ROOT = join(import.meta.dirname, '..')
const run = promisify(execFile)

/** The project's lint config, max-lines alone, without type information (the rule needs none). */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'max-lines'
})

function linesOf(count: number, line: string): string {
  return `${Array.from({ length: count }, () => line).join('\n')}\n`
}

async function lengthProblems(path: string, lines: number): Promise<string[]> {
  const [result] = await eslint.lintText(linesOf(lines, 'export {}'), { filePath: join(ROOT, path) })
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal')
}

let folders: string[] = []
afterEach(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  folders = []
})

/** Runs the stylesheet check on a tree holding one stylesheet of `lines` lines. */
async function checkStylesheet(lines: number): Promise<{ code: number; stderr: string }> {
  const tree = mkdtempSync(join(tmpdir(), 'source-limits-'))
  folders.push(tree)
  mkdirSync(join(tree, 'src', 'renderer'), { recursive: true })
  writeFileSync(join(tree, 'src', 'renderer', 'long.css'), linesOf(lines, 'a { color: red; }'))
  try {
    const { stderr } = await run(process.execPath, [join(ROOT, 'scripts', 'check-stylesheet-lengths.mjs'), tree])
    return { code: 0, stderr }
  } catch (error) {
    const failed = error as { code: number; stderr: string }
    return { code: failed.code, stderr: failed.stderr }
  }
}

describe('the source length limit', () => {
  it('fails code, tests included, one line over the limit, in every part of the project', async () => {
    for (const path of [
      'src/main/jobs/job-runner.ts',
      'src/renderer/src/grid/example.tsx',
      'src/shared/example.test.ts',
      'e2e/example.spec.ts'
    ]) {
      expect(await lengthProblems(path, MAX_SOURCE_LINES), path).toEqual([])
      expect(await lengthProblems(path, MAX_SOURCE_LINES + 1), path).toEqual(['max-lines'])
    }
  }, 60_000)

  it('fails a stylesheet one line over the limit, naming it', async () => {
    expect(await checkStylesheet(MAX_SOURCE_LINES)).toEqual({ code: 0, stderr: '' })
    const tooLong = await checkStylesheet(MAX_SOURCE_LINES + 1)
    expect(tooLong.code).toBe(1)
    expect(tooLong.stderr).toContain(`src/renderer/long.css: ${MAX_SOURCE_LINES + 1} lines`)
  })
})
