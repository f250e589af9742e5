import type { SecretStore } from './secret-store'

/** A keychain stand-in for tests and for the browser harness when asked; never used by the app. */
export function createMemorySecretStore(initial: Record<string, string> = {}): SecretStore & {
  entries(): ReadonlyMap<string, string>
} {
  const secrets = new Map(Object.entries(initial))
  return {
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => {
      secrets.set(account, secret)
    },
    delete: async (account) => secrets.delete(account),
    entries: () => secrets
  }
}
