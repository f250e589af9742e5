import { describe, expect, it } from 'vitest'
import { TOKEN_PATH } from '../../shared/environments'
import { DEMO_CREDENTIALS } from './demo-api'
import { MESSAGES } from './demo-replies'
import { errorText, requestToken, start } from './test-support/demo-api-requests'

describe('token endpoint', () => {
  it('issues an opaque dotted token for the demo client, whose secret needs URL-encoding', async () => {
    const { api } = await start()
    const response = await requestToken(api, {
      grant_type: 'client_credentials',
      client_id: 'demo-client',
      client_secret: 'demo-secret+/='
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 })
    expect(body['access_token']).toMatch(/^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(api.stats().tokenRequests).toBe(1)
  })

  it('refuses a secret sent without URL-encoding, because a raw "+" arrives as a space', async () => {
    const { api } = await start()
    const response = await fetch(`${api.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret+/='
    })
    expect(response.status).toBe(401)
  })

  it('answers 401 with the documented message for a wrong secret or client id', async () => {
    const { api } = await start()
    const forms: Array<Record<string, string>> = [
      { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' },
      { grant_type: 'client_credentials', client_id: 'someone-else', client_secret: 'demo-secret+/=' },
      { grant_type: 'client_credentials', client_id: 'demo-client' }
    ]
    for (const form of forms) {
      const response = await requestToken(api, form)
      expect(response.status).toBe(401)
      const body = (await response.json()) as { errors: Array<{ description: string }> }
      expect(body.errors[0]?.description).toBe(MESSAGES.authenticationFailed)
    }
  })

  it('requires grant_type=client_credentials, a form body and POST', async () => {
    const { api } = await start()
    const { clientId, clientSecret } = DEMO_CREDENTIALS
    expect((await requestToken(api, { client_id: clientId, client_secret: clientSecret })).status).toBe(400)
    const password = { grant_type: 'password', client_id: clientId, client_secret: clientSecret }
    expect((await requestToken(api, password)).status).toBe(400)

    const asJson = await fetch(`${api.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret })
    })
    expect(asJson.status).toBe(400)
    expect(await errorText(asJson)).toContain(MESSAGES.invalidParameter)

    const get = await fetch(`${api.url}${TOKEN_PATH}`)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
  })

  it('reports the configured token lifetime', async () => {
    const { api } = await start({ tokenLifetimeSeconds: 120 })
    const response = await requestToken(api, {
      grant_type: 'client_credentials',
      client_id: DEMO_CREDENTIALS.clientId,
      client_secret: DEMO_CREDENTIALS.clientSecret
    })
    expect(((await response.json()) as { expires_in: number }).expires_in).toBe(120)
  })
})
