/**
 * How long a source file may be, for ESLint (code) and scripts/check-stylesheet-lengths.mjs
 * (stylesheets and pages). Tests count as well: a test file that long tests several things, and
 * its reader needs it split by concern as much as the code's reader does. Generated files (the
 * build's out/, packages, benchmark output) are not source: lint ignores their folders.
 */
export const MAX_SOURCE_LINES = 400
