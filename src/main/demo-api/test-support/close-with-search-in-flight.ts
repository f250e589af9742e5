/**
 * Run as its own process by demo-api.test.ts: starts the Demo API, leaves a slow search in flight,
 * closes the API and then does nothing. The process exits on its own only if close() left no
 * server, socket or timer behind.
 */
import { SEARCH_PATHS, TOKEN_PATH } from '../../../shared/environments'
import { DEMO_CREDENTIALS, startDemoApi } from '../demo-api'

const api = await startDemoApi({ faults: { latencyMs: 60_000 } })
const form = new URLSearchParams({
  grant_type: 'client_credentials',
  client_id: DEMO_CREDENTIALS.clientId,
  client_secret: DEMO_CREDENTIALS.clientSecret
})
const tokenResponse = await fetch(`${api.url}${TOKEN_PATH}`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: form.toString()
})
const { access_token: token } = (await tokenResponse.json()) as { access_token: string }
const pending = fetch(`${api.url}${SEARCH_PATHS.production}`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'wm_consumer.id': DEMO_CREDENTIALS.clientId, Authorization: token },
  body: JSON.stringify({ store_nbr: 1, item_type: 'gtin', item_type_values: ['00012345678905'] })
}).then(
  () => 'answered',
  () => 'failed'
)
while (api.stats().searchRequests === 0) await new Promise((resolve) => setTimeout(resolve, 10))
await api.close()
process.stdout.write(`closed; search ${await pending}\n`)
