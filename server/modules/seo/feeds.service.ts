import { stripHtml, truncate } from "#common/text.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { PAGES_TAG, POSTS_TAG, tagRead } from "#server/lib/cache-tags.ts";
import { findIndexablePageSlugs } from "#server/modules/pages/pages.repository.ts";
import { findLivePostSlugs } from "#server/modules/posts/posts.repository.ts";
import type { PostsService } from "#server/modules/posts/posts.service.ts";
import type { ServicesService } from "#server/modules/services/services.service.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";

const STATIC_PAGES = ["/", "/about", "/services", "/gallery", "/blog", "/contact"];
/** Posts per sitemap file; the protocol allows 50,000 addresses, smaller files build faster. */
export const POSTS_PER_SITEMAP = 10_000;

export function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === "'" ? "&apos;" : "&quot;",
  );
}

function cdata(text: string) {
  return `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

function absolute(url: string, origin: string) {
  if (!url) return "";
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * A post's HTML with its links and images on this site made absolute: a feed
 * reader shows it away from the site, where `/uploads/…` or `/about` lead
 * nowhere. Stored HTML is sanitised, so `href` and `src` are the only
 * addresses it holds, always in double quotes.
 */
function withAbsoluteAddresses(html: string, origin: string) {
  return html.replace(/(\s(?:href|src)=")(\/(?!\/)[^"]*)"/g, (_, attribute, path) => {
    return `${attribute}${origin}${path}"`;
  });
}

/** sitemap.xml, robots.txt and rss.xml, built from the same services as the pages. */
export function createFeedsService(
  db: Db,
  deps: { settings: SettingsService; posts: PostsService; services: ServicesService },
  options: { postsPerSitemap?: number } = {},
) {
  const SITEMAP_POSTS = options.postsPerSitemap ?? POSTS_PER_SITEMAP;
  function urlset(urls: string[]) {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}${urls.length ? "\n" : ""}</urlset>\n`;
  }

  async function pageUrls(origin: string): Promise<string[]> {
    const urls = STATIC_PAGES.map((path) => `<url><loc>${xmlEscape(origin + path)}</loc></url>`);
    for (const service of await deps.services.listServices()) {
      urls.push(
        `<url><loc>${xmlEscape(`${origin}/services/${service.slug}`)}</loc><lastmod>${service.updated_at}</lastmod></url>`,
      );
    }
    // Company pages that are live and not hidden from search engines (noindex).
    tagRead(PAGES_TAG);
    for (const page of await findIndexablePageSlugs(db, nowIso())) {
      urls.push(
        `<url><loc>${xmlEscape(`${origin}/${page.slug}`)}</loc><lastmod>${page.lastmod}</lastmod></url>`,
      );
    }
    return urls;
  }

  async function postUrls(origin: string, page?: number): Promise<string[]> {
    const slice = page ? { limit: SITEMAP_POSTS, offset: (page - 1) * SITEMAP_POSTS } : undefined;
    const posts = await findLivePostSlugs(db, nowIso(), slice);
    tagRead(POSTS_TAG);
    return posts.map(
      (post) =>
        `<url><loc>${xmlEscape(`${origin}/blog/${post.slug}`)}</loc><lastmod>${post.lastmod}</lastmod></url>`,
    );
  }

  /**
   * /sitemap.xml: one list of every address while the site is small; past
   * SITEMAP_POSTS live posts (search engines read at most 50,000 addresses a
   * file), an index of /sitemap-pages.xml and /sitemap-posts-N.xml files.
   * "Discourage search engines": nothing is offered to crawlers.
   */
  async function buildSitemap(origin: string): Promise<string> {
    const seo = await deps.settings.getSettingsSection("seo");
    if (seo.disableIndexing) return urlset([]);
    const { count } = await deps.posts.listPublicPosts({ limit: 1, contentPreview: 0 });
    if (count <= SITEMAP_POSTS) {
      return urlset([...(await pageUrls(origin)), ...(await postUrls(origin))]);
    }
    const files = ["/sitemap-pages.xml"];
    for (let page = 1; page <= Math.ceil(count / SITEMAP_POSTS); page++) {
      files.push(`/sitemap-posts-${page}.xml`);
    }
    const entries = files.map(
      (file) => `<sitemap><loc>${xmlEscape(origin + file)}</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
  }

  /** One file of a sitemap index: the static pages, services and company pages, or a page of posts (null: none). */
  async function buildSitemapPart(
    origin: string,
    part: { kind: "pages" } | { kind: "posts"; page: number },
  ): Promise<string | null> {
    const seo = await deps.settings.getSettingsSection("seo");
    if (seo.disableIndexing) return urlset([]);
    if (part.kind === "pages") return urlset(await pageUrls(origin));
    const urls = await postUrls(origin, part.page);
    return urls.length || part.page === 1 ? urlset(urls) : null;
  }

  async function buildRobots(origin: string): Promise<string> {
    const seo = await deps.settings.getSettingsSection("seo");
    if (seo.disableIndexing) return "User-agent: *\nDisallow: /\n";
    return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
  }

  /** RSS 2.0 of the latest 20 live posts; scheduled posts appear once their time has come. */
  async function buildRss(origin: string): Promise<string> {
    const [general, posts] = await Promise.all([
      deps.settings.getSettingsSection("general"),
      deps.posts.listLatestPosts(20),
    ]);
    const title = general.siteTitle || "Company Profile";
    const email = general.contactEmail || `noreply@${new URL(origin).hostname}`;
    const items = posts.map((post) => {
      const link = `${origin}/blog/${post.slug}`;
      const description = post.excerpt || truncate(stripHtml(post.content ?? ""), 160);
      const image = post.featured_image
        ? `<enclosure url="${xmlEscape(absolute(post.featured_image, origin))}" length="0" type="${post.featured_image.endsWith(".png") ? "image/png" : post.featured_image.endsWith(".webp") ? "image/webp" : "image/jpeg"}"/>`
        : "";
      return [
        "<item>",
        `<title>${xmlEscape(post.title)}</title>`,
        `<link>${xmlEscape(link)}</link>`,
        `<guid isPermaLink="false">${xmlEscape(`${origin}/blog/post-${post.id}`)}</guid>`,
        `<pubDate>${new Date(post.published_at ?? post.created_at).toUTCString()}</pubDate>`,
        `<author>${xmlEscape(`${email} (${post.author.name})`)}</author>`,
        `<dc:creator>${xmlEscape(post.author.name)}</dc:creator>`,
        ...post.categories.map((c) => `<category>${xmlEscape(c.name)}</category>`),
        `<description>${xmlEscape(description)}</description>`,
        `<content:encoded>${cdata(withAbsoluteAddresses(post.content ?? "", origin))}</content:encoded>`,
        image,
        "</item>",
      ]
        .filter(Boolean)
        .join("");
    });
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xmlEscape(title)}</title>
<link>${xmlEscape(origin)}/</link>
<description>${xmlEscape(general.siteDescription || `News and articles from ${title}`)}</description>
<language>en</language>
<atom:link href="${xmlEscape(origin)}/rss.xml" rel="self" type="application/rss+xml"/>
<lastBuildDate>${new Date().toUTCString()}</lastBuildDate>
${items.join("\n")}
</channel>
</rss>
`;
  }

  return { buildSitemap, buildSitemapPart, buildRobots, buildRss };
}
