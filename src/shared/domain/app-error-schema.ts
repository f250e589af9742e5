import { z } from 'zod'
import { ERROR_CODES, type AppErrorShape } from './app-error'

/**
 * The schemas of app-error.ts, which stays free of zod: AppError is thrown in every thread, and a
 * thread that imports zod compiles three quarters of a megabyte of it as it starts.
 */
export const errorCodeSchema = z.enum(ERROR_CODES)

export const appErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  status: z.number().int().optional()
}) satisfies z.ZodType<AppErrorShape>
