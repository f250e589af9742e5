import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import type { LookupSummary } from '../../shared/domain/lookup-summary'
import { ENVIRONMENT_LABELS, type RemoteEnvironmentId } from '../../shared/environments'
import { historyKeys } from './api/history-queries'
import { useJobProgressSubscription } from './api/progress-store'
import { useSettings, useSettingsSubscription } from './api/settings-queries'
import { CompareScreen } from './compare/compare-screen'
import { AppProblemNotice } from './errors/app-problem-notice'
import { ErrorAlert } from './errors/error-alert'
import { AppHeader, type Screen } from './header/app-header'
import { HistoryScreen } from './history/history-screen'
import { LookupScreen } from './lookup/lookup-screen'
import { useLookupJob } from './run/use-lookup-job'
import { DiscardChangesDialog } from './settings/discard-changes-dialog'
import { SettingsScreen } from './settings/settings-screen'
import { useWatchlistActions } from './watchlists/use-watchlist-actions'
import { WatchlistsScreen } from './watchlists/watchlists-screen'
import { RunNotifications } from './watchlists/run-notifications'
import { TrendsScreen } from './trends/trends-screen'
import type { TrendRuns } from '../../shared/trends/trend-questions'

/** Where the keyboard goes when a screen opens: its heading (the lookup screen: back where it was). */
const SCREEN_HEADINGS: Readonly<Record<Exclude<Screen, 'lookup'>, string>> = {
  history: 'history-heading',
  compare: 'compare-heading',
  watchlists: 'watchlists-heading',
  trends: 'trends-heading',
  settings: 'settings-heading'
}

const SHORTCUT_SCREENS: Readonly<Record<string, Screen>> = { h: 'history', w: 'watchlists' }

export function App() {
  const settings = useSettings()
  const queryClient = useQueryClient()
  useJobProgressSubscription()
  useSettingsSubscription()
  const job = useLookupJob()
  const [screen, setScreen] = useState<Screen>('lookup')
  const [comparing, setComparing] = useState<{ thenJobId: string; nowJobId: string } | null>(null)
  /** What Trends draws, its watchlist's name when it draws one's, and the screen it goes back to. */
  const [trendsOf, setTrendsOf] = useState<{ runs: TrendRuns; watchlistName?: string; from: 'history' | 'watchlists' } | null>(null)
  const previousScreen = useRef<Screen>(screen)
  /** The control the keyboard was on when the lookup screen was left, and the element to focus on coming back instead. */
  const lookupFocus = useRef<{ left: Element | null; target: string | null }>({ left: null, target: null })
  // Settings with unsaved edits is left only after the person agrees to discard them.
  const [unsavedSettings, setUnsavedSettings] = useState<RemoteEnvironmentId | null>(null)
  const [leavingFor, setLeavingFor] = useState<Screen | null>(null)

  const go = useCallback(
    (next: Screen) => {
      if (screen === 'settings' && next !== 'settings' && unsavedSettings !== null) {
        setLeavingFor(next)
        return
      }
      if (screen === 'lookup' && next !== 'lookup') lookupFocus.current = { left: document.activeElement, target: null }
      setScreen(next)
    },
    [screen, unsavedSettings]
  )

  // Moving between screens moves the focus too: to the new screen's heading, or back where it was on the lookup screen.
  useEffect(() => {
    if (previousScreen.current === screen) return
    previousScreen.current = screen
    if (screen !== 'lookup') {
      document.getElementById(SCREEN_HEADINGS[screen])?.focus()
      return
    }
    const { left, target } = lookupFocus.current
    lookupFocus.current = { left: null, target: null }
    requestAnimationFrame(() => {
      const element = target === null ? left : document.getElementById(target)
      if (element instanceof HTMLElement && element.isConnected && element.closest('[hidden]') === null) element.focus()
      else document.getElementById('open-history')?.focus()
    })
  }, [screen])

  // Ctrl+Shift+H (Cmd+Shift+H on a Mac) opens History, Ctrl+Shift+W Watchlists, from anywhere outside a dialog.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.altKey) return
    const target = SHORTCUT_SCREENS[event.key.toLowerCase()]
    if (target === undefined || document.querySelector('dialog[open]') !== null) return
    event.preventDefault()
    go(target)
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event)
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])

  // After the render that put the lookup on screen, so its heading is there to take the focus.
  const [progressFocus, setProgressFocus] = useState(0)
  useEffect(() => {
    if (progressFocus > 0) document.getElementById('job-progress-heading')?.focus()
  }, [progressFocus])

  /** Shows a lookup on the lookup screen with the keyboard on its progress card, where its actions are. */
  const showLookup = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: historyKeys.all })
    if (previousScreen.current === 'lookup') {
      // Already there (the notice offering to resume): the screen stays, the keyboard moves.
      setProgressFocus((request) => request + 1)
      return
    }
    lookupFocus.current = { left: null, target: 'job-progress-heading' }
    setScreen('lookup')
  }, [queryClient])
  const openLookup = useCallback(
    async (jobId: string) => {
      await job.open(jobId)
      showLookup()
    },
    [job, showLookup]
  )
  const resumeLookup = useCallback(
    async (jobId: string) => {
      await job.resume(jobId)
      showLookup()
    },
    [job, showLookup]
  )
  /** Shows the lookup form Edit filled, with the keyboard on its heading. */
  const showForm = useCallback(() => {
    if (previousScreen.current === 'lookup') return
    lookupFocus.current = { left: null, target: 'entry-heading' }
    setScreen('lookup')
  }, [])
  const watchlistActions = useWatchlistActions(job, showLookup, showForm)
  const compare = useCallback((then: LookupSummary, now: LookupSummary) => {
    setComparing({ thenJobId: then.jobId, nowJobId: now.jobId })
    setScreen('compare')
  }, [])

  if (settings.isPending) {
    return (
      <main className="app-main">
        <p role="status">Loading settings…</p>
      </main>
    )
  }
  if (settings.isError) {
    return (
      <main className="app-main">
        <h1>Store Inventory Lookup</h1>
        <ErrorAlert error={settings.error} />
      </main>
    )
  }

  const { settings: current, warning } = settings.data
  return (
    <div className="app" data-environment={current.environment}>
      {/* A watchlist's trends belong to Watchlists, as chosen lookups' trends belong to History. */}
      <AppHeader
        environment={current.environment}
        screen={screen === 'trends' && trendsOf?.from === 'watchlists' ? 'watchlists' : screen}
        onGo={go}
      />
      <main className="app-main" id="main">
        <AppProblemNotice />
        {warning === null ? null : (
          <div className="notice notice-warning" role="alert">
            <p>{warning}</p>
          </div>
        )}
        {screen === 'settings' ? (
          <SettingsScreen settings={current} onClose={() => go('lookup')} onUnsavedChange={setUnsavedSettings} />
        ) : null}
        {screen === 'history' ? (
          <HistoryScreen
            onOpen={openLookup}
            onResume={resumeLookup}
            onRunAgain={watchlistActions.runAgain}
            onCompare={compare}
            onTrends={(jobIds) => {
              setTrendsOf({ runs: { jobIds: [...jobIds] }, from: 'history' })
              setScreen('trends')
            }}
            onDeleted={job.forget}
          />
        ) : null}
        {screen === 'watchlists' ? (
          <WatchlistsScreen
            onRun={watchlistActions.runWatchlist}
            onEdit={watchlistActions.editWatchlist}
            onTrends={({ id, name }) => {
              setTrendsOf({ runs: { watchlistId: id }, watchlistName: name, from: 'watchlists' })
              setScreen('trends')
            }}
          />
        ) : null}
        {screen === 'compare' && comparing !== null ? (
          <CompareScreen key={`${comparing.thenJobId}:${comparing.nowJobId}`} {...comparing} onBack={() => go('history')} />
        ) : null}
        {screen === 'trends' && trendsOf !== null ? (
          <TrendsScreen
            key={JSON.stringify(trendsOf.runs)}
            runs={trendsOf.runs}
            {...(trendsOf.watchlistName === undefined ? {} : { watchlistName: trendsOf.watchlistName })}
            onOpenRun={(jobId) => void openLookup(jobId)}
            back={{
              label: trendsOf.from === 'history' ? 'Back to History' : 'Back to Watchlists',
              onBack: () => go(trendsOf.from)
            }}
          />
        ) : null}
        <DiscardChangesDialog
          open={leavingFor !== null}
          environmentLabel={ENVIRONMENT_LABELS[unsavedSettings ?? 'sandbox']}
          onDiscard={() => {
            const next = leavingFor ?? 'lookup'
            setLeavingFor(null)
            setUnsavedSettings(null)
            setScreen(next)
          }}
          onKeepEditing={() => setLeavingFor(null)}
        />
        {/* Kept mounted while another screen is open, so the list being entered and the results survive a visit there. */}
        <div className="lookup-screen" hidden={screen !== 'lookup'}>
          <LookupScreen
            settings={current}
            job={job}
            onOpenSettings={() => go('settings')}
            onOpenHistory={() => go('history')}
            onOpenLookup={openLookup}
            onResumeLookup={resumeLookup}
            load={watchlistActions.load}
            onEditLookup={watchlistActions.editLookup}
            onRunAgain={watchlistActions.runAgain}
          />
        </div>
      </main>
      <RunNotifications onOpen={(jobId) => void openLookup(jobId)} />
    </div>
  )
}
