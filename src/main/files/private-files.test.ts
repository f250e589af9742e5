import { chmodSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { keepPrivateSync, makePrivateDirSync, makePrivateFileSync } from './private-files'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'private-files-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const modeOf = (path: string) => statSync(path).mode & 0o777
const POSIX_ONLY = 'file modes are POSIX; on Windows the profile folder’s ACL keeps other users out'

describe.skipIf(process.platform === 'win32')(`private files and folders (${POSIX_ONLY})`, () => {
  it('creates folders and their missing parents 0700, whatever the umask', () => {
    const previous = process.umask(0o002)
    try {
      makePrivateDirSync(join(dir, 'a', 'b'))
    } finally {
      process.umask(previous)
    }
    expect(modeOf(join(dir, 'a'))).toBe(0o700)
    expect(modeOf(join(dir, 'a', 'b'))).toBe(0o700)
  })

  it('creates a missing file empty and 0600, and makes one an older version left readable private, keeping its content', () => {
    const fresh = join(dir, 'history.sqlite')
    makePrivateFileSync(fresh)
    expect(modeOf(fresh)).toBe(0o600)
    expect(statSync(fresh).size).toBe(0)
    const old = join(dir, 'main.log')
    writeFileSync(old, 'kept\n')
    chmodSync(old, 0o644)
    makePrivateFileSync(old)
    expect(modeOf(old)).toBe(0o600)
    expect(statSync(old).size).toBe(5)
  })

  it('leaves a missing file missing when only asked to keep it private', () => {
    expect(() => keepPrivateSync(join(dir, 'history.sqlite-wal'))).not.toThrow()
  })
})
