import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ImportSource } from '../../../shared/contract'
import type { ItemType } from '../../../shared/domain/item-type'
import { linesOfColumn } from '../../../shared/import-lines'
import { callInventory } from '../api/inventory-call'
import type { ListCheck } from './list-check'

const NO_LINE_NAMES: ReadonlyMap<number, string> = new Map()
const NO_VALUE_NAMES: ReadonlyMap<string, string> = new Map()

/**
 * The item names of an imported list, by the file's row number: its name column, read from main
 * like the values' column (main keeps the file, so a list restored after a restart has them too).
 */
function useImportedNames(source: ImportSource | null): ReadonlyMap<number, string> {
  const nameColumn = source?.nameColumn ?? null
  const names = useQuery({
    queryKey: ['import-item-names', source?.importId ?? null, nameColumn],
    queryFn: async (): Promise<ReadonlyMap<number, string>> => {
      if (source === null || nameColumn === null) return NO_LINE_NAMES
      const cells = await callInventory(window.inventory.readImportColumn({ importId: source.importId, column: nameColumn }))
      return new Map(linesOfColumn(cells).map(({ line, input }) => [line, input]))
    },
    enabled: source !== null && nameColumn !== null,
    staleTime: Number.POSITIVE_INFINITY
  })
  return names.data ?? NO_LINE_NAMES
}

/** The names the item catalogue knows for the values the validation list shows (a typed, pasted or scanned list). */
function useCatalogueNames(itemType: ItemType, values: readonly string[], enabled: boolean): ReadonlyMap<string, string> {
  const names = useQuery({
    queryKey: ['catalogue-names', itemType, values],
    queryFn: async (): Promise<ReadonlyMap<string, string>> => {
      const { names: known } = await callInventory(window.inventory.catalogueNames({ itemType, values: [...values] }))
      return new Map(known.map(({ value, name }) => [value, name]))
    },
    enabled: enabled && values.length > 0,
    staleTime: 60_000
  })
  return names.data ?? NO_VALUE_NAMES
}

/**
 * Each listed line's item name: the imported file's own when it named its items, else the one the
 * item catalogue learned from earlier imports.
 */
export function useListItemNames(source: ImportSource | null, itemType: ItemType, check: ListCheck | null): ReadonlyMap<number, string> {
  const imported = useImportedNames(source)
  const named = source?.nameColumn != null
  const values = useMemo(() => {
    if (check === null || named) return []
    const distinct = new Set<string>()
    for (const lines of Object.values(check.listed)) for (const line of lines) if (line.value !== null) distinct.add(line.value)
    return [...distinct].sort()
  }, [check, named])
  const catalogue = useCatalogueNames(itemType, values, !named)
  return useMemo(() => {
    if (named || check === null || catalogue.size === 0) return imported
    const byLine = new Map<number, string>()
    for (const lines of Object.values(check.listed)) {
      for (const line of lines) {
        const name = line.value === null ? undefined : catalogue.get(line.value)
        if (name !== undefined) byLine.set(line.line, name)
      }
    }
    return byLine
  }, [named, check, catalogue, imported])
}
