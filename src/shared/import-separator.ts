/**
 * Joins a column's values: no imported cell can hold it (text files with NUL are refused, XML cannot
 * carry it). Apart from the contract so that the worker thread, which joins them, loads no zod.
 */
export const IMPORT_VALUE_SEPARATOR = '\u0000'
