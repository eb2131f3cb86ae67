/**
 * SQL literals for DuckDB statements built by the sandbox. On the request
 * path (filters, select, UUID lists) every value from a request goes through
 * \`str\`: single quotes doubled, nothing else is special inside a SQL string.
 */
export const str = (s: string | null | undefined): string => s === null || s === undefined ? "NULL" : `'${s.replaceAll("'", "''")}'`;
