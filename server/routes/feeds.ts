import type { Hono } from "hono";
import type { AppEnv } from "#server/http/context.ts";
import type { OriginOf } from "#server/http/origin.ts";
import type { AppServices } from "#server/services.ts";

const feedHeaders = (type: string) => ({
  "content-type": type,
  "cache-control": "public, max-age=300",
});

/** The sitemap (and its parts), robots.txt and the RSS feed (server/modules/seo/feeds.service.ts). */
export function mountFeeds(
  app: Hono<AppEnv>,
  { services, originOf }: { services: AppServices; originOf: OriginOf },
) {
  app.get("/sitemap.xml", async (c) =>
    c.body(
      await services.feeds.buildSitemap(originOf(c.req.url)),
      200,
      feedHeaders("application/xml; charset=utf-8"),
    ),
  );
  app.get("/:file{sitemap-(?:pages|posts-[1-9][0-9]{0,5})\\.xml}", async (c) => {
    const file = c.req.param("file");
    const page = /posts-(\d+)/.exec(file)?.[1];
    const xml = await services.feeds.buildSitemapPart(
      originOf(c.req.url),
      page ? { kind: "posts", page: Number(page) } : { kind: "pages" },
    );
    if (xml === null) return c.text("Not found", 404);
    return c.body(xml, 200, feedHeaders("application/xml; charset=utf-8"));
  });
  app.get("/robots.txt", async (c) =>
    c.body(
      await services.feeds.buildRobots(originOf(c.req.url)),
      200,
      feedHeaders("text/plain; charset=utf-8"),
    ),
  );
  app.get("/rss.xml", async (c) =>
    c.body(
      await services.feeds.buildRss(originOf(c.req.url)),
      200,
      feedHeaders("application/rss+xml; charset=utf-8"),
    ),
  );
}
