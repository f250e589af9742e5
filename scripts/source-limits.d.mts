// Types for source-limits.mjs, which ESLint's config loads as plain JavaScript.
export declare const MAX_SOURCE_LINES: number
