/** The one progress shape every download reports (`onProgress`), and `progressReporter()` displays. */
export interface Progress {
  /** Rows received so far, over all pages (CSV records, or JSON rows). */
  rows: number;
  /** Zero-based request number. */
  page: number;
  /** Total rows expected, when known (a limit, or the page envelope's totalElements). */
  total?: number;
  /** Body bytes received so far, when counted (CSV downloads). */
  bytes?: number;
  /** What is being downloaded, e.g. a dataset's title (trait workflow). */
  label?: string;
}
