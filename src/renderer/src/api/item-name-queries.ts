import { queryOptions } from '@tanstack/react-query'
import type { ImportSource } from '../../../shared/contract'
import type { ItemType } from '../../../shared/domain/item-type'
import { linesOfColumn } from '../../../shared/import-lines'
import { callInventory } from './inventory-call'

const NO_LINE_NAMES: ReadonlyMap<number, string> = new Map()

export const itemNameKeys = {
  imported: (importId: string | null, nameColumn: number | null) => ['import-item-names', importId, nameColumn] as const,
  catalogue: (itemType: ItemType, values: readonly string[]) => ['catalogue-names', itemType, values] as const
}

/**
 * The item names of an imported list, by the file's row number: its name column, read from main
 * like the values' column (main keeps the file, so a list restored after a restart has them too).
 */
export function importedNamesQuery(source: ImportSource | null) {
  const nameColumn = source?.nameColumn ?? null
  return queryOptions({
    queryKey: itemNameKeys.imported(source?.importId ?? null, nameColumn),
    queryFn: async (): Promise<ReadonlyMap<number, string>> => {
      if (source === null || nameColumn === null) return NO_LINE_NAMES
      const cells = await callInventory(window.inventory.readImportColumn({ importId: source.importId, column: nameColumn }))
      return new Map(linesOfColumn(cells).map(({ line, input }) => [line, input]))
    },
    enabled: source !== null && nameColumn !== null,
    // A kept import never changes under its id.
    staleTime: Number.POSITIVE_INFINITY
  })
}

/** The names the item catalogue knows for these values (the ones a typed, pasted or scanned list's validation shows). */
export function catalogueNamesQuery(itemType: ItemType, values: readonly string[], enabled: boolean) {
  return queryOptions({
    queryKey: itemNameKeys.catalogue(itemType, values),
    queryFn: async (): Promise<ReadonlyMap<string, string>> => {
      const { names: known } = await callInventory(window.inventory.catalogueNames({ itemType, values: [...values] }))
      return new Map(known.map(({ value, name }) => [value, name]))
    },
    enabled: enabled && values.length > 0,
    // Each imported lookup may teach the catalogue new names: asked again after a minute.
    staleTime: 60_000
  })
}
