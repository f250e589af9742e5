import { z } from 'zod'
import { CSV_SEPARATORS } from './csv-separator'

/** The contract's and the settings' schema of csv-separator.ts, which stays free of zod for the worker thread that writes CSV. */
export const csvSeparatorSchema = z.enum(CSV_SEPARATORS)
