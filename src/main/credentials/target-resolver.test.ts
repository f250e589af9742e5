import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../../shared/settings'
import { createMemoryLogger } from '../logging/logger'
import { createTargetResolver } from './target-resolver'

const SANDBOX_ORIGIN = 'https://developer.api.stg.walmart.com'

/** A resolver over the default settings with `clientId` for Sandbox, and a keychain holding `saved` for it. */
function resolverWith(clientId: string, saved: string | null) {
  const log = createMemoryLogger()
  const settings = {
    current: () => ({
      settings: {
        ...DEFAULT_SETTINGS,
        environments: { ...DEFAULT_SETTINGS.environments, sandbox: { ...DEFAULT_SETTINGS.environments.sandbox, clientId } }
      },
      warning: null
    })
  }
  const asked: string[] = []
  const credentials = {
    getSecret: async (_environment: string, id: string, host: string) => {
      asked.push(`${id}@${host}`)
      return saved
    }
  }
  let demoStarts = 0
  const resolver = createTargetResolver({
    settings,
    credentials,
    log,
    demoUrl: async () => {
      demoStarts += 1
      return 'http://127.0.0.1:4321'
    }
  })
  return { resolver, log, asked, demoStarts: () => demoStarts }
}

describe('the target resolver', () => {
  it('sends Demo to the built-in API with its own credentials, started only when Demo is asked for', async () => {
    const { resolver, demoStarts } = resolverWith('', null)
    expect(demoStarts()).toBe(0)
    expect(await resolver.resolve('demo')).toMatchObject({
      authUrl: 'http://127.0.0.1:4321',
      baseUrl: 'http://127.0.0.1:4321',
      clientId: 'demo-client'
    })
    expect(demoStarts()).toBe(1)
  })

  it('reads the secret for the configured client ID and identity host only, and has every text that leaves main hide it', async () => {
    const { resolver, log, asked } = resolverWith('sandbox-client', 'the-saved-secret')
    const target = await resolver.resolve('sandbox')
    expect(target).toMatchObject({ environment: 'sandbox', clientId: 'sandbox-client', clientSecret: 'the-saved-secret' })
    expect(asked).toEqual([`sandbox-client@${target.authUrl}`])
    expect(log.redactor.text('token for the-saved-secret')).not.toContain('the-saved-secret')
  })

  it("takes the headless command's overrides instead of the settings and the keychain", async () => {
    const { resolver, asked } = resolverWith('sandbox-client', null)
    const target = await resolver.resolve('sandbox', { clientId: 'other', clientSecret: 'from-env', authUrl: 'https://id.example.com' })
    expect(target).toMatchObject({ clientId: 'other', clientSecret: 'from-env', authUrl: 'https://id.example.com' })
    expect(asked).toEqual([])
  })

  it('says in a sentence what is missing: the client ID, or a secret for this identity host', async () => {
    await expect(resolverWith('', null).resolver.resolve('sandbox')).rejects.toThrow('No client ID is set for Sandbox. Add it in Settings.')
    await expect(resolverWith('sandbox-client', null).resolver.resolve('sandbox')).rejects.toThrow(
      `No client secret is saved for Sandbox with the identity host ${SANDBOX_ORIGIN}. Add it in Settings.`
    )
  })
})
