import { useQuery } from '@tanstack/react-query'
import type { ImportSource } from '../../../shared/contract'
import { linesOfColumn } from '../../../shared/import-lines'
import { callInventory } from '../api/inventory-call'

const NO_NAMES: ReadonlyMap<number, string> = new Map()

/**
 * The item names of an imported list, by the file's row number: its name column, read from main
 * like the values' column (main keeps the file, so a list restored after a restart has them too).
 */
export function useItemNames(source: ImportSource | null): ReadonlyMap<number, string> {
  const nameColumn = source?.nameColumn ?? null
  const names = useQuery({
    queryKey: ['import-item-names', source?.importId ?? null, nameColumn],
    queryFn: async (): Promise<ReadonlyMap<number, string>> => {
      if (source === null || nameColumn === null) return NO_NAMES
      const cells = await callInventory(window.inventory.readImportColumn({ importId: source.importId, column: nameColumn }))
      return new Map(linesOfColumn(cells).map(({ line, input }) => [line, input]))
    },
    enabled: source !== null && nameColumn !== null,
    staleTime: Number.POSITIVE_INFINITY
  })
  return names.data ?? NO_NAMES
}
