import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import type { Db } from "#server/db/client.ts";

/**
 * The old site's web server for import tests: answers images at any
 * `.jpg`/`.png` path (a small picture, its colour picked from the path so
 * each address is its own file), 404 for paths containing "missing", and
 * counts the requests it got, by path.
 */
export async function startOldSite() {
  const hits = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.includes("missing") || !/\.(?:jpe?g|png)$/i.test(path)) {
      res.writeHead(404).end("not here");
      return;
    }
    let hash = 0;
    for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) & 0xffffff;
    const image = sharp({
      create: {
        width: 40,
        height: 30,
        channels: 3,
        background: { r: hash & 255, g: (hash >> 8) & 255, b: (hash >> 16) & 255 },
      },
    });
    const bytes = await (path.endsWith(".png") ? image.png() : image.jpeg()).toBuffer();
    res.writeHead(200, { "content-type": path.endsWith(".png") ? "image/png" : "image/jpeg" });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    hits,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The tables an import writes, with their row counts: equal before and after means nothing changed. */
export async function importedRowCounts(db: Db) {
  const counts: Record<string, number> = {};
  for (const table of [
    "posts",
    "pages",
    "users",
    "categories",
    "tags",
    "uploads",
    "old_addresses",
    "import_items",
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
