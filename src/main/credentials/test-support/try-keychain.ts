import { AppError } from '../../../shared/domain/app-error'
import { createKeytarSecretStore } from '../keytar-secret-store'

/** Child process for the keychain test: tries each operation and prints how each one ended, as JSON. */
const store = createKeytarSecretStore({ service: 'store-inventory-lookup-tests' })

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call() }
  } catch (error) {
    return error instanceof AppError ? { code: error.code, message: error.message } : { unexpected: String(error) }
  }
}

process.stdout.write(
  JSON.stringify({
    get: await outcome(() => store.get('probe')),
    set: await outcome(() => store.set('probe', 'probe-secret')),
    delete: await outcome(() => store.delete('probe'))
  })
)
