import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createKeytarSecretStore, keychainLockedMessage, keychainUnavailableMessage, type KeytarApi } from './keytar-secret-store'

const run = promisify(execFile)

const onPath = (command: string) => (process.env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, command)))
const hasThrowawayKeyring = process.platform === 'linux' && onPath('dbus-run-session') && onPath('gnome-keyring-daemon') && onPath('gdbus')

/** The tests use their own keychain service so they can never touch the app's real entries. */
const TEST_SERVICE = 'store-inventory-lookup-tests'
const account = `test:${process.pid}-${randomUUID()}`

/**
 * Why the real keychain cannot be used here, or null when it can. Probed with a write, because a
 * Secret Service without an unlocked login collection still answers reads.
 */
async function secretServiceProblem(): Promise<string | null> {
  const probe = `${account}-probe`
  try {
    const keytar = createRequire(import.meta.url)('keytar') as KeytarApi
    await keytar.setPassword(TEST_SERVICE, probe, 'probe')
    await keytar.deletePassword(TEST_SERVICE, probe)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

const problem = await secretServiceProblem()
const inCi = Boolean(process.env.CI)
const skipReason =
  problem !== null && !inCi
    ? `no usable Secret Service/keychain on this machine ("${problem}"); run under an unlocked gnome-keyring (npm test does) or in CI`
    : null

describe('keytar secret store against the real OS keychain', () => {
  const store = createKeytarSecretStore({ service: TEST_SERVICE })

  afterAll(async () => {
    if (problem === null) await store.delete(account)
  })

  it('has a keychain to test against (CI must provide a Secret Service)', (ctx) => {
    if (skipReason !== null) ctx.skip(skipReason)
    expect(problem, 'CI must run with an unlocked Secret Service on the session bus').toBeNull()
  })

  it('stores, reads, replaces and deletes a secret', async (ctx) => {
    if (skipReason !== null || problem !== null) ctx.skip(skipReason ?? 'no keychain: see the test above')
    const secret = `first-${randomUUID()}+/=`
    expect(await store.get(account)).toBeNull()
    await store.set(account, secret)
    expect(await store.get(account)).toBe(secret)
    await store.set(account, 'second secret, with spaces and ünïcode')
    expect(await store.get(account)).toBe('second secret, with spaces and ünïcode')
    expect(await store.delete(account)).toBe(true)
    expect(await store.get(account)).toBeNull()
    expect(await store.delete(account)).toBe(false)
  })
})

describe('keytar secret store when the keychain cannot be used', () => {
  it.skipIf(process.platform !== 'linux')(
    'reports keychain_unavailable with what to install when the session bus is unreachable (Linux only: it points D-Bus at nowhere)',
    async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'test-support/try-keychain.ts')], {
        cwd: resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
        timeout: 20_000
      })
      const outcomes = JSON.parse(stdout) as unknown
      const expected = { code: 'keychain_unavailable', message: keychainUnavailableMessage('linux') }
      expect(outcomes).toEqual({ get: expected, set: expected, delete: expected })
      expect(keychainUnavailableMessage('linux')).toContain(
        'Install gnome-keyring (or another Secret Service) and libsecret, and unlock your login keyring'
      )
    }
  )

  it('turns a native module that fails to load into keychain_unavailable, on the call rather than at creation', async () => {
    let loads = 0
    const store = createKeytarSecretStore({
      platform: 'darwin',
      loadKeytar: () => {
        loads += 1
        throw new Error('Cannot find module ../build/Release/keytar.node')
      }
    })
    expect(loads).toBe(0)
    await expect(store.get('a')).rejects.toMatchObject({ code: 'keychain_unavailable', message: keychainUnavailableMessage('darwin') })
    expect(keychainUnavailableMessage('darwin')).toContain('Keychain Access')
  })

  it('maps every keytar failure to keychain_unavailable without echoing the secret', async () => {
    const failing: KeytarApi = {
      getPassword: () => Promise.reject(new Error('The name org.freedesktop.secrets was not provided by any .service files')),
      setPassword: () => Promise.reject(new Error('Error calling StartServiceByName for org.freedesktop.secrets')),
      deletePassword: () => Promise.reject(new Error('Could not connect: No such file or directory'))
    }
    const store = createKeytarSecretStore({ platform: 'win32', loadKeytar: () => failing })
    const expected = { code: 'keychain_unavailable', message: keychainUnavailableMessage('win32') }
    await expect(store.get('a')).rejects.toMatchObject(expected)
    await expect(store.set('a', 'very-secret-value')).rejects.toMatchObject(expected)
    await expect(store.delete('a')).rejects.toMatchObject(expected)
    expect(keychainUnavailableMessage('win32')).toContain('Credential Manager')
  })

  it('says a locked keychain is locked, and how to unlock it, instead of "nothing saved"', async () => {
    let locked = true
    const lockedKeyring: KeytarApi = {
      // libsecret answers a read from a locked keyring with "nothing" when its prompt cannot show.
      getPassword: async () => null,
      setPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
      deletePassword: async () => false
    }
    const linux = createKeytarSecretStore({ platform: 'linux', loadKeytar: () => lockedKeyring, isLocked: async () => locked })
    const expected = { code: 'keychain_unavailable', message: keychainLockedMessage('linux') }
    await expect(linux.get('a')).rejects.toMatchObject(expected)
    await expect(linux.set('a', 'x')).rejects.toMatchObject(expected)
    expect(keychainLockedMessage('linux')).toContain('Your login keyring is locked')
    locked = false
    expect(await linux.get('a')).toBeNull()

    const mac = createKeytarSecretStore({
      platform: 'darwin',
      loadKeytar: () => ({ ...lockedKeyring, getPassword: () => Promise.reject(new Error('User interaction is not allowed.')) })
    })
    await expect(mac.get('a')).rejects.toMatchObject({ code: 'keychain_unavailable', message: keychainLockedMessage('darwin') })
    expect(keychainLockedMessage('darwin')).toContain('File > Unlock Keychain "login"')
  })

  it.skipIf(!hasThrowawayKeyring)(
    'finds a real locked login keyring locked (Linux with dbus-run-session and gnome-keyring-daemon only: it locks a throwaway keyring)',
    async () => {
      const script =
        'printf %s "$TEST_KEYRING_PASSWORD" | XDG_DATA_HOME="$TEST_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null' +
        ' && exec "$@"'
      const home = await mkdtemp(join(tmpdir(), 'locked-keyring-'))
      try {
        const { stdout } = await run(
          'dbus-run-session',
          [
            '--',
            'sh',
            '-c',
            script,
            'sh',
            process.execPath,
            '--import',
            'tsx',
            resolve(import.meta.dirname, 'test-support/try-locked-keychain.ts')
          ],
          {
            cwd: resolve(import.meta.dirname, '../../..'),
            env: { ...process.env, TEST_KEYRING_PASSWORD: randomUUID(), TEST_KEYRING_HOME: home, DISPLAY: '' },
            timeout: 30_000
          }
        )
        const expected = { code: 'keychain_unavailable', message: keychainLockedMessage('linux') }
        expect(JSON.parse(stdout)).toEqual({ get: expected, set: expected })
      } finally {
        await rm(home, { recursive: true, force: true })
      }
    }
  )

  it('files entries under the given service name', async () => {
    const calls: string[] = []
    const recording: KeytarApi = {
      getPassword: async (service, account) => (calls.push(`get ${service} ${account}`), null),
      setPassword: async (service, account) => void calls.push(`set ${service} ${account}`),
      deletePassword: async (service, account) => (calls.push(`delete ${service} ${account}`), false)
    }
    const store = createKeytarSecretStore({ loadKeytar: () => recording })
    await store.set('production:id', 'x')
    await store.get('production:id')
    await store.delete('production:id')
    expect(calls).toEqual([
      'set store-inventory-lookup production:id',
      'get store-inventory-lookup production:id',
      'delete store-inventory-lookup production:id'
    ])
  })
})
