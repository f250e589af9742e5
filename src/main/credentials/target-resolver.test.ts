import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../../shared/settings'
import { createMemoryLogger } from '../logging/logger'
import { hostBindingOf } from './host-binding'
import { createTargetResolver } from './target-resolver'

const SANDBOX_ORIGIN = 'https://developer.api.stg.walmart.com'
const SANDBOX_INVENTORY = 'https://api.stg.walmartdataventures.ca'

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
    getSecret: async (_environment: string, id: string, hosts: { authUrl: string; baseUrl: string }) => {
      asked.push(`${id}@${hosts.authUrl}|${hosts.baseUrl}`)
      return saved === null ? null : { secret: saved, binding: hostBindingOf(hosts) }
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
      boundInventoryOrigin: 'http://127.0.0.1:4321',
      clientId: 'demo-client'
    })
    expect(demoStarts()).toBe(1)
  })

  it('reads the secret for the configured client ID and both hosts only, binds the token to its inventory host, and has every text that leaves main hide it', async () => {
    const { resolver, log, asked } = resolverWith('sandbox-client', 'the-saved-secret')
    const target = await resolver.resolve('sandbox')
    expect(target).toMatchObject({
      environment: 'sandbox',
      clientId: 'sandbox-client',
      clientSecret: 'the-saved-secret',
      boundInventoryOrigin: SANDBOX_INVENTORY
    })
    expect(asked).toEqual([`sandbox-client@${target.authUrl}|${target.baseUrl}`])
    expect(log.redactor.text('token for the-saved-secret')).not.toContain('the-saved-secret')
  })

  it("takes the headless command's overrides instead of the settings and the keychain", async () => {
    const { resolver, asked } = resolverWith('sandbox-client', null)
    const target = await resolver.resolve('sandbox', { clientId: 'other', clientSecret: 'from-env', authUrl: 'https://id.example.com' })
    expect(target).toMatchObject({ clientId: 'other', clientSecret: 'from-env', authUrl: 'https://id.example.com' })
    expect(asked).toEqual([])
  })

  it("reads a saved secret for the headless command's inventory host, when it brings no secret of its own", async () => {
    const { resolver, asked } = resolverWith('sandbox-client', 'the-saved-secret')
    const target = await resolver.resolve('sandbox', { baseUrl: 'https://inventory.example.com' })
    expect(asked).toEqual([`sandbox-client@${target.authUrl}|https://inventory.example.com`])
    expect(target.boundInventoryOrigin).toBe('https://inventory.example.com')
  })

  it('says in a sentence what is missing: the client ID, or a secret for these hosts', async () => {
    await expect(resolverWith('', null).resolver.resolve('sandbox')).rejects.toThrow('No client ID is set for Sandbox. Add it in Settings.')
    await expect(resolverWith('sandbox-client', null).resolver.resolve('sandbox')).rejects.toThrow(
      `No client secret is saved for Sandbox with the identity host ${SANDBOX_ORIGIN} and the inventory host ${SANDBOX_INVENTORY}: a secret is sent only to the hosts it was saved for, so save it again in Settings.`
    )
  })
})
