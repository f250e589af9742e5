import { useCallback, useId, useMemo, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react'

/** A figure's description: the id the elements it explains are described by, and the words, which its tooltip shows. */
export interface FigureTip {
  readonly id: string
  readonly text: string
}

interface Shown {
  readonly id: string
  /** The element the tip explains: several (each store's column of one table) may share one tip. */
  readonly anchor: Element
  /** What showed it: a tip the keyboard showed stays while its element has focus, whatever the pointer does. */
  readonly by: 'pointer' | 'focus'
  readonly left: number
  readonly top: number
}

const TIP_WIDTH = 320

/**
 * The tips of one part of a screen (a grid, a table, a row of figures): each is the description its
 * elements name in `aria-describedby`, hidden until one of them is pointed at or focused, then shown
 * below it (WCAG 1.4.13: it stays while pointed at, and Escape hides it). The handlers go on the
 * element around the described ones, the elements anywhere inside it.
 */
export function useTipDisplay(tips: readonly FigureTip[]) {
  const [shown, setShown] = useState<Shown | null>(null)
  const ids = useMemo(() => new Set(tips.map((tip) => tip.id)), [tips])

  const showFor = useCallback(
    (target: EventTarget | null, by: Shown['by']) => {
      if (!(target instanceof Element)) return
      if (target.closest('[role="tooltip"]') !== null) return
      const anchor = target.closest('[aria-describedby]')
      const id =
        anchor
          ?.getAttribute('aria-describedby')
          ?.split(/\s+/)
          .find((candidate) => ids.has(candidate)) ?? null
      if (anchor === null || id === null) {
        setShown((current) => (current?.by === by ? null : current))
        return
      }
      const rect = anchor.getBoundingClientRect()
      const left = Math.max(0, Math.min(rect.left, window.innerWidth - TIP_WIDTH - 8))
      setShown((current) => (current?.anchor === anchor && current.id === id ? current : { id, anchor, by, left, top: rect.bottom + 4 }))
    },
    [ids]
  )

  const handlers = {
    onPointerOver: (event: PointerEvent<HTMLElement>) => showFor(event.target, 'pointer'),
    onPointerLeave: () => setShown((current) => (current?.by === 'pointer' ? null : current)),
    onFocus: (event: FocusEvent<HTMLElement>) => showFor(event.target, 'focus'),
    onBlur: () => setShown((current) => (current?.by === 'focus' ? null : current)),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') setShown(null)
    }
  }

  const elements = tips.map((tip) => (
    <div
      key={tip.id}
      id={tip.id}
      role="tooltip"
      className="figure-tip"
      hidden={shown?.id !== tip.id}
      style={shown?.id === tip.id ? { left: shown.left, top: shown.top, maxWidth: TIP_WIDTH } : undefined}
    >
      {tip.text}
    </div>
  ))
  return { handlers, elements }
}

/**
 * Named tips for a part of a screen that is no grid: `texts` (the words of figure-descriptions.ts, a
 * constant of the module that uses them) by name. `describedBy[name]` is what an element's
 * `aria-describedby` says; the element is made focusable by its user, so the keyboard shows the tip too.
 */
export function useFigureTips<Name extends string>(texts: Readonly<Record<Name, string>>) {
  const prefix = useId()
  const tips = useMemo(() => {
    const byName = {} as Record<Name, FigureTip>
    for (const name of Object.keys(texts) as Name[]) byName[name] = { id: `${prefix}-tip-${name}`, text: texts[name] }
    return byName
  }, [prefix, texts])
  const describedBy = useMemo(() => {
    const ids = {} as Record<Name, string>
    for (const name of Object.keys(tips) as Name[]) ids[name] = tips[name].id
    return ids
  }, [tips])
  const display = useTipDisplay(useMemo(() => Object.values<FigureTip>(tips), [tips]))
  return { describedBy, ...display }
}
