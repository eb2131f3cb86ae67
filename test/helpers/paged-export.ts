/**
 * A scripted `/acn/query` over a list of TSV rows that a test may change
 * between runs, paging with p and l as the service does; `state.cutPage`
 * breaks that page off mid-body once (a cut download). `/vocabulary/wiews/decode`
 * names COL003.
 */
import { scriptedServer } from "./scripted-server.ts";

export const PAGED_HEADER = "INSTCODE\tACCENUMB\tELEVATION";
const tsv = { "content-type": "text/tab-separated-values;charset=UTF-8" };

export async function pagedExport(rows: string[]) {
  const state = { cutPage: -1 };
  const srv = await scriptedServer((req) => {
    if (req.url!.includes("/vocabulary/wiews/decode")) {
      return { status: 200, body: JSON.stringify({ COL003: "International Center for Tropical Agriculture" }) };
    }
    const q = new URL(req.url!, "http://x").searchParams;
    const p = Number(q.get("p")), l = Number(q.get("l"));
    const body = [PAGED_HEADER, ...rows.slice(p * l, p * l + l)].join("\n") + "\n";
    if (p === state.cutPage && l > 1) {
      state.cutPage = -1;
      return { status: 200, headers: tsv, body: body.slice(0, body.length - 5), cutOff: true };
    }
    return { status: 200, headers: tsv, body };
  });
  /** The /acn/query requests so far, as "p/l". */
  const pages = () =>
    srv.seen.filter((s) => s.path.includes("/acn/query")).map((s) => {
      const q = new URL(s.path, "http://x").searchParams;
      return `${q.get("p")}/${q.get("l")}`;
    });
  return { srv, state, pages };
}
