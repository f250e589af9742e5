import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ProgressStoreContext, createProgressStore } from './api/progress-store'
import { App } from './app'
import './styles/tokens.css'
import './styles/base.css'
import './styles/layout.css'
// In this order, after layout.css: a screen's own rules (the progress card's padding) win over the shared ones (.panel's).
import './styles/components.css'
import './styles/settings.css'
import './styles/entry.css'
import './styles/run.css'

const queryClient = new QueryClient({
  defaultOptions: {
    // Every call goes to the app's own main process: a failure is an answer to show, not a flaky network to retry.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false }
  }
})

/** What main pushes about lookups (their progress), beside the cache of what the window asks for. */
const progressStore = createProgressStore()

const container = document.getElementById('root')
if (container === null) throw new Error('The page has no #root element.')

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ProgressStoreContext value={progressStore}>
        <App />
      </ProgressStoreContext>
    </QueryClientProvider>
  </StrictMode>
)
