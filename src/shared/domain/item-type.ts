import { z } from 'zod'

export const itemTypeSchema = z.enum(['gtin', 'wm_item_number'])
export type ItemType = z.infer<typeof itemTypeSchema>

export const environmentIdSchema = z.enum(['demo', 'sandbox', 'production'])
export type EnvironmentId = z.infer<typeof environmentIdSchema>
