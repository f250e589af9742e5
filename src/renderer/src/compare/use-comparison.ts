import { useQuery } from '@tanstack/react-query'
import type { CompareRow } from '../../../shared/compare/compare-lookups'
import { comparisonQuery } from '../api/comparison-queries'
import { CompareViewRow } from './compare-view-row'

const viewRow = (row: CompareRow, manyStores: boolean) => new CompareViewRow(row, manyStores)

/** Two lookups compared, each pair as the Compare view's grid, chips, filters and sort see it. */
export function useComparison(thenJobId: string, nowJobId: string, lowStockLevel: number) {
  return useQuery(comparisonQuery(thenJobId, nowJobId, lowStockLevel, viewRow))
}
