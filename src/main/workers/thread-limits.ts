/**
 * The young generation of every worker thread's heap, in MB. Threads that pass many short-lived
 * objects (rows of a file, batches of answers, pages of results) otherwise let V8 grow it and keep
 * it committed: a small one collects them sooner at no cost in time (200,000-row XLSX import:
 * +85 MB instead of +180 MB, same 1.7 s; History's and the Demo API's threads held 100-150 MB each
 * after a few 200,000-value lookups with 30-60 MB in use).
 */
export const THREAD_YOUNG_GENERATION_MB = 8
