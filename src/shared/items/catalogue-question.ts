import { z } from 'zod'
import { itemTypeSchema } from '../domain/item-type'
import { MAX_INPUT_CHARS } from '../limits'

/** Values one question to the item catalogue may name: the validation list shows at most 200 lines of each of its groups. */
export const MAX_CATALOGUE_QUESTION = 2_000

/** Values as the lookup would send them (normalised): the names the item catalogue knows for them are asked for. */
export const catalogueQuestionSchema = z.object({
  itemType: itemTypeSchema,
  values: z.array(z.string().max(MAX_INPUT_CHARS)).max(MAX_CATALOGUE_QUESTION, `Ask for at most ${MAX_CATALOGUE_QUESTION} names at once.`)
})

/** Each value the catalogue knows, with its name and the file that gave it. */
export const catalogueAnswerSchema = z.object({ names: z.array(z.object({ value: z.string(), name: z.string(), source: z.string() })) })
