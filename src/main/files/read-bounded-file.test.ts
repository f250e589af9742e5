import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readBoundedFile } from './read-bounded-file'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-bounded-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('reading a small file of the app', () => {
  it('reads a file up to the limit whole, and says when there is none', async () => {
    await writeFile(join(dir, 'a.json'), 'é'.repeat(8))
    expect(await readBoundedFile(join(dir, 'a.json'), 16)).toBe('é'.repeat(8))
    expect(await readBoundedFile(join(dir, 'empty.json'), 16)).toBeNull()
  })

  it('refuses a file one byte over the limit', async () => {
    await writeFile(join(dir, 'a.json'), 'x'.repeat(17))
    expect(await readBoundedFile(join(dir, 'a.json'), 16)).toBe('too_large')
  })

  it('throws what else goes wrong, such as a folder where the file should be', async () => {
    await mkdir(join(dir, 'folder.json'))
    await expect(readBoundedFile(join(dir, 'folder.json'), 16)).rejects.toMatchObject({ code: 'EISDIR' })
  })
})
