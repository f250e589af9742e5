import type { BackgroundEffects } from '../../src/main/background/background-mode'
import type { TrayEntry } from '../../src/main/background/tray-menu'
import type { AppRoot } from '../../src/main/composition-root'

export interface HarnessBackground {
  /** The tray's menu as shown now (labels; `---` a separator), or null while there is no tray. */
  tray(): string[] | null
  /** Every change of the login item, in order (true: opens hidden at login). */
  loginItem(): readonly boolean[]
  /** What the window was asked to do from the tray, and what the person was told, in order. */
  requests(): readonly string[]
  /** Chooses the tray's item with that label, as a click does. */
  choose(label: string): Promise<void>
}

/** The OS's tray and login item as the harness keeps them: recorded, and chosen from by tests. */
export function recordBackground(root: () => AppRoot): { effects: BackgroundEffects; harness: HarnessBackground } {
  let tray: readonly TrayEntry[] | null = null
  const login: boolean[] = []
  const requests: string[] = []
  return {
    effects: {
      setTray: (entries) => (tray = entries),
      setOpenAtLogin: (open) => login.push(open),
      openWindow: () => requests.push('open window'),
      quit: () => requests.push('quit'),
      tell: (sentence) => requests.push(`told: ${sentence}`)
    },
    harness: {
      tray: () => tray?.map((entry) => (entry.kind === 'separator' ? '---' : entry.label)) ?? null,
      loginItem: () => login,
      requests: () => requests,
      async choose(label) {
        const entry = tray?.find((candidate) => candidate.kind === 'item' && candidate.label === label)
        if (entry?.kind !== 'item') throw new Error(`The tray has no item "${label}"; it shows ${JSON.stringify(tray)}.`)
        await root().services.background.choose(entry.action)
      }
    }
  }
}
