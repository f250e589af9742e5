import { execFileSync } from 'node:child_process'
import { AppError } from '../../../shared/domain/app-error'
import { createKeytarSecretStore } from '../keytar-secret-store'

/**
 * Child process for the locked-keyring test, run on a throwaway session bus and keyring: saves a
 * secret, locks the login keyring over D-Bus (as the desktop does after a timeout), then prints as
 * JSON how a read and a write end.
 */
const store = createKeytarSecretStore({ service: 'store-inventory-lookup-tests' })
await store.set('probe', 'probe-secret')
execFileSync('gdbus', [
  'call',
  '--session',
  '--dest',
  'org.freedesktop.secrets',
  '--object-path',
  '/org/freedesktop/secrets',
  '--method',
  'org.freedesktop.Secret.Service.Lock',
  "['/org/freedesktop/secrets/aliases/default']"
])

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call() }
  } catch (error) {
    return error instanceof AppError ? { code: error.code, message: error.message } : { unexpected: String(error) }
  }
}

process.stdout.write(JSON.stringify({ get: await outcome(() => store.get('probe')), set: await outcome(() => store.set('other', 'x')) }))
