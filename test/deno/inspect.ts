// Child for the secrets test: logs in to the scripted OAuth server at GENESYS_API_URL, makes a call with each client,
// and prints the clients as a notebook shows a cell's value (Deno.inspect), as console.log does, and as JSON.
import { Genesys } from "../../src/index.ts";

const baseUrl = Deno.env.get("GENESYS_API_URL")!;
const u = await Genesys.login({
  baseUrl,
  clientId: "c",
  redirectPort: 0,
  open: async (url) => {
    const q = new URL(url).searchParams;
    await (await fetch(`${q.get("redirect_uri")}/?code=deno-code-1&state=${q.get("state")}`)).text();
  },
});
await u.me();
const c = new Genesys({ baseUrl, clientId: Deno.env.get("GENESYS_CLIENT_ID")!, clientSecret: Deno.env.get("GENESYS_CLIENT_SECRET")! });
await c.me();
console.log(Deno.inspect(u, { depth: 10 }));
console.log(Deno.inspect(c, { depth: 10, showHidden: true }));
console.log(Deno.inspect(u.api, { depth: 10 }));
console.log(u, c);
console.log(JSON.stringify({ u, c }));
await u.close();
await c.close();
