/** The package version (test/habits.test.ts checks it against package.json); part of cache keys and provenance. */
export const VERSION = "1.0.0";
