import { z } from 'zod'
import { ITEM_TYPES } from './item-types'

export type { ItemType } from './item-types'
export const itemTypeSchema = z.enum(ITEM_TYPES)

export const environmentIdSchema = z.enum(['demo', 'sandbox', 'production'])
export type EnvironmentId = z.infer<typeof environmentIdSchema>
