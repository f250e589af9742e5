import { spawnSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientSecretFromEnvironment, MAX_SECRET_FILE_BYTES } from './client-secret-env'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'client-secret-env-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A secret file with these permissions, whatever the umask. */
async function secretFile(content: string, mode: number, name = 'secret'): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  await chmod(path, mode)
  return path
}

const onPosix = process.platform !== 'win32'

describe('clientSecretFromEnvironment', () => {
  it('takes INVENTORY_CLIENT_SECRET, or nothing when neither variable is set (the keychain is used)', async () => {
    expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET: 's3cret' })).toEqual({ ok: true, secret: 's3cret' })
    expect(await clientSecretFromEnvironment({})).toEqual({ ok: true, secret: null })
    expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET: '', INVENTORY_CLIENT_SECRET_FILE: '' })).toEqual({
      ok: true,
      secret: null
    })
  })

  it('reads a file only its owner can read, without the line end an editor or echo adds', async () => {
    const path = await secretFile('  s3cret+/=\r\n', 0o600)
    expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET_FILE: path })).toEqual({ ok: true, secret: 's3cret+/=' })
    await chmod(path, 0o400)
    expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET_FILE: path })).toEqual({ ok: true, secret: 's3cret+/=' })
  })

  it.skipIf(!onPosix)('refuses a file its group or other users can read or change, saying which and how to fix it', async () => {
    for (const [mode, said] of [
      [0o644, 'can be read by other users (its permissions are 644)'],
      [0o640, 'can be read by other users (its permissions are 640)'],
      [0o604, 'can be read by other users (its permissions are 604)'],
      [0o620, 'can be changed by other users (its permissions are 620)']
    ] as const) {
      const path = await secretFile('s3cret', mode, `secret-${mode.toString(8)}`)
      expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET_FILE: path })).toEqual({
        ok: false,
        message: `INVENTORY_CLIENT_SECRET_FILE ${path} ${said}; make it readable by its owner only (chmod 600 ${path}) and run again.`
      })
    }
  })

  it("does not judge a file's mode bits on Windows, where access lists decide who reads it", async () => {
    const path = await secretFile('s3cret\n', 0o644)
    expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET_FILE: path }, 'win32')).toEqual({ ok: true, secret: 's3cret' })
  })

  it('says in a sentence what is wrong with the variables or the file', async () => {
    const owned = await secretFile('s3cret', 0o600)
    const message = async (env: NodeJS.ProcessEnv) => {
      const result = await clientSecretFromEnvironment(env)
      if (result.ok) throw new Error('expected a refusal')
      return result.message
    }
    expect(await message({ INVENTORY_CLIENT_SECRET: 'a', INVENTORY_CLIENT_SECRET_FILE: owned })).toBe(
      'INVENTORY_CLIENT_SECRET and INVENTORY_CLIENT_SECRET_FILE are both set; set only one of them.'
    )
    const missing = join(dir, 'nowhere')
    expect(await message({ INVENTORY_CLIENT_SECRET_FILE: missing })).toBe(
      `INVENTORY_CLIENT_SECRET_FILE ${missing} does not exist; check the path.`
    )
    const folder = join(dir, 'folder')
    await mkdir(folder, { mode: 0o700 })
    expect(await message({ INVENTORY_CLIENT_SECRET_FILE: folder })).toBe(
      `INVENTORY_CLIENT_SECRET_FILE ${folder} is not a file; give the file that holds the client secret.`
    )
    const empty = await secretFile(' \n', 0o600, 'empty')
    expect(await message({ INVENTORY_CLIENT_SECRET_FILE: empty })).toBe(
      `INVENTORY_CLIENT_SECRET_FILE ${empty} is empty; put the client secret in it.`
    )
    const large = await secretFile('x'.repeat(MAX_SECRET_FILE_BYTES + 1), 0o600, 'large')
    expect(await message({ INVENTORY_CLIENT_SECRET_FILE: large })).toBe(
      `INVENTORY_CLIENT_SECRET_FILE ${large} is larger than 4 KB; it should hold only the client secret.`
    )
    const atLimit = await secretFile('x'.repeat(MAX_SECRET_FILE_BYTES), 0o600, 'at-limit')
    expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET_FILE: atLimit })).toMatchObject({ ok: true })
  })

  it.skipIf(!onPosix)('does not wait on a named pipe nobody writes to: it is not a file', async () => {
    const fifo = join(dir, 'pipe')
    expect(spawnSync('mkfifo', ['-m', '600', fifo]).status, 'mkfifo makes the pipe').toBe(0)
    expect(await clientSecretFromEnvironment({ INVENTORY_CLIENT_SECRET_FILE: fifo })).toEqual({
      ok: false,
      message: `INVENTORY_CLIENT_SECRET_FILE ${fifo} is not a file; give the file that holds the client secret.`
    })
  })
})
