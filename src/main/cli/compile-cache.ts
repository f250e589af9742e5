import { mkdirSync } from 'node:fs'
import * as nodeModule from 'node:module'
import { join } from 'node:path'
import { userDataDir } from './user-data-dir'

/** The folder, inside the command's data folder, where Node keeps the compiled code of the command's modules. */
export const COMPILE_CACHE_FOLDER = 'compile-cache'

/** The variable Node reads as a thread starts: a thread started with it set compiles through the same cache. */
export const COMPILE_CACHE_VARIABLE = 'NODE_COMPILE_CACHE'

/** `module.enableCompileCache`, which Nodes older than 22.1 do not have (null). */
type EnableCompileCache = (directory: string) => { status: number }

/**
 * Turns on Node's compile cache for this run, in the user's own data folder (the app's, or
 * `STORE_INVENTORY_DATA_DIR`: per user, never a folder others can write, as the system's
 * temporary folder is), and returns the variables to start the command's threads with, so they
 * use it too: a thread does not inherit a cache turned on by a call, and each one loads its own
 * bundle (the command's thread a megabyte of JavaScript). A cache that cannot be used changes
 * nothing: a folder that cannot be made or written, or an unusable data folder (which the lookup
 * then reports), leaves the run compiling as it would without it, and Node checks each entry
 * against its module's source, so a cache from another build or Node is not used.
 */
export function enableCompileCache(
  env: NodeJS.ProcessEnv,
  enable: EnableCompileCache | null = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache ?? null
): NodeJS.ProcessEnv {
  if (enable === null) return env
  try {
    const directory = join(userDataDir(env), COMPILE_CACHE_FOLDER)
    // Made private before Node makes it (with the default mode), as the data folder the app makes is.
    mkdirSync(directory, { recursive: true, mode: 0o700 })
    const { status } = enable(directory)
    // Already enabled means NODE_COMPILE_CACHE was set by whoever started the command: the threads inherit it as it is.
    return status === nodeModule.constants.compileCacheStatus.ENABLED ? { ...env, [COMPILE_CACHE_VARIABLE]: directory } : env
  } catch {
    return env
  }
}
