import { constants } from 'node:fs'
import { open } from 'node:fs/promises'

/** A client secret is a few dozen characters; a larger file is not a secret file, and is not read whole. */
export const MAX_SECRET_FILE_BYTES = 4096

/** Permission bits for the file's group and for everyone else: a secret file has none of them. */
const GROUP_AND_OTHERS = 0o077
const READ_BY_GROUP_OR_OTHERS = 0o044

export type SecretFromEnvironment = { ok: true; secret: string | null } | { ok: false; message: string }

/**
 * The client secret the environment gives the headless command, for runs with no unlocked keychain
 * (cron, systemd, a Windows service account): `INVENTORY_CLIENT_SECRET`, or the file
 * `INVENTORY_CLIENT_SECRET_FILE` names. The file must be readable by its owner only, as ssh wants of
 * a private key: one others can read is refused, because whoever can read it can send requests as
 * this client. Windows keeps permissions in access lists that mode bits do not show, so there only
 * the file's kind and size are checked. `secret` is null when neither is set (the keychain is used).
 */
export async function clientSecretFromEnvironment(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform
): Promise<SecretFromEnvironment> {
  const value = env.INVENTORY_CLIENT_SECRET ?? ''
  const path = env.INVENTORY_CLIENT_SECRET_FILE ?? ''
  if (value !== '' && path !== '') {
    return {
      ok: false,
      message: 'INVENTORY_CLIENT_SECRET and INVENTORY_CLIENT_SECRET_FILE are both set; set only one of them.'
    }
  }
  if (value !== '') return { ok: true, secret: value }
  if (path === '') return { ok: true, secret: null }
  return readSecretFile(path, platform)
}

async function readSecretFile(path: string, platform: NodeJS.Platform): Promise<SecretFromEnvironment> {
  const name = `INVENTORY_CLIENT_SECRET_FILE ${path}`
  let file
  try {
    // Without waiting: a named pipe would otherwise hold the command until something writes to it.
    file = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { ok: false, message: `${name} does not exist; check the path.` }
    return {
      ok: false,
      message: `${name} could not be opened (${code ?? 'unknown error'}); check that the account running the command can read it.`
    }
  }
  try {
    // Checked on the open file, so the file checked is the file read.
    const info = await file.stat()
    if (!info.isFile()) return { ok: false, message: `${name} is not a file; give the file that holds the client secret.` }
    if (platform !== 'win32' && (info.mode & GROUP_AND_OTHERS) !== 0) {
      const mode = (info.mode & 0o777).toString(8)
      const what = (info.mode & READ_BY_GROUP_OR_OTHERS) !== 0 ? 'read' : 'changed'
      return {
        ok: false,
        message: `${name} can be ${what} by other users (its permissions are ${mode}); make it readable by its owner only (chmod 600 ${path}) and run again.`
      }
    }
    if (info.size > MAX_SECRET_FILE_BYTES) {
      return { ok: false, message: `${name} is larger than 4 KB; it should hold only the client secret.` }
    }
    const bytes = Buffer.alloc(MAX_SECRET_FILE_BYTES + 1)
    const { bytesRead } = await file.read(bytes, 0, bytes.length, 0)
    if (bytesRead > MAX_SECRET_FILE_BYTES) {
      return { ok: false, message: `${name} is larger than 4 KB; it should hold only the client secret.` }
    }
    // An editor or `echo` ends the line; a secret never starts or ends with a space.
    const secret = bytes.subarray(0, bytesRead).toString('utf8').trim()
    if (secret === '') return { ok: false, message: `${name} is empty; put the client secret in it.` }
    return { ok: true, secret }
  } finally {
    await file.close()
  }
}
