/**
 * WordPress exports written for the tests from the WXR format's description
 * (RSS 2.0 with the wp:, content:, excerpt: and dc: namespaces), with the
 * quirks real exports have: CDATA split around "]]>", percent-encoded slugs,
 * "0000-00-00 00:00:00" dates on drafts, HTML entities in titles.
 */
export type WxrPostInput = {
  id: number;
  title: string;
  slug?: string;
  type?: "post" | "page" | "attachment" | "nav_menu_item" | string;
  status?: "publish" | "draft" | "future" | "private" | "pending" | "inherit" | string;
  content?: string;
  excerpt?: string;
  creator?: string;
  dateGmt?: string;
  date?: string;
  parentId?: number;
  password?: string;
  sticky?: boolean;
  categories?: string[];
  tags?: string[];
  meta?: Record<string, string>;
  attachmentUrl?: string;
  link?: string;
};

export type WxrInput = {
  version?: "1.0" | "1.1" | "1.2";
  siteUrl?: string;
  title?: string;
  authors?: {
    id: number;
    login: string;
    email: string;
    display: string;
    first?: string;
    last?: string;
  }[];
  categories?: { slug: string; name: string; parent?: string }[];
  tags?: { slug: string; name: string }[];
  items: WxrPostInput[];
};

/** Text inside CDATA, split where it holds "]]>" as WordPress's exporter does. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

function xmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function wxrItem(site: string, item: WxrPostInput): string {
  const type = item.type ?? "post";
  const slug =
    item.slug ??
    item.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  const dateGmt =
    item.dateGmt ?? (item.status === "draft" ? "0000-00-00 00:00:00" : "2024-03-05 09:30:00");
  const terms = [
    ...(item.categories ?? []).map(
      (s) =>
        `<category domain="category" nicename="${s}">${cdata(s.replace(/-/g, " "))}</category>`,
    ),
    ...(item.tags ?? []).map(
      (s) => `<category domain="post_tag" nicename="${s}">${cdata(s)}</category>`,
    ),
  ].join("\n\t\t");
  const meta = Object.entries(item.meta ?? {})
    .map(
      ([key, value]) =>
        `<wp:postmeta>\n\t\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>`,
    )
    .join("\n\t\t");
  return `
	<item>
		<title>${xmlText(item.title)}</title>
		<link>${item.link ?? `${site}/${slug}/`}</link>
		<pubDate>Tue, 05 Mar 2024 09:30:00 +0000</pubDate>
		<dc:creator>${cdata(item.creator ?? "admin")}</dc:creator>
		<guid isPermaLink="false">${site}/?p=${item.id}</guid>
		<description></description>
		<content:encoded>${cdata(item.content ?? "")}</content:encoded>
		<excerpt:encoded>${cdata(item.excerpt ?? "")}</excerpt:encoded>
		<wp:post_id>${item.id}</wp:post_id>
		<wp:post_date>${cdata(item.date ?? dateGmt)}</wp:post_date>
		<wp:post_date_gmt>${cdata(dateGmt)}</wp:post_date_gmt>
		<wp:comment_status>${cdata("open")}</wp:comment_status>
		<wp:post_name>${cdata(encodeURIComponent(slug).toLowerCase())}</wp:post_name>
		<wp:status>${cdata(item.status ?? "publish")}</wp:status>
		<wp:post_parent>${item.parentId ?? 0}</wp:post_parent>
		<wp:menu_order>0</wp:menu_order>
		<wp:post_type>${cdata(type)}</wp:post_type>
		<wp:post_password>${cdata(item.password ?? "")}</wp:post_password>
		<wp:is_sticky>${item.sticky ? 1 : 0}</wp:is_sticky>${item.attachmentUrl ? `\n\t\t<wp:attachment_url>${cdata(item.attachmentUrl)}</wp:attachment_url>` : ""}
		${terms}
		${meta}
	</item>`;
}

export function wxrHead(input: Omit<WxrInput, "items">): string {
  const version = input.version ?? "1.2";
  const site = input.siteUrl ?? "https://old.example.com";
  const authors = (
    input.authors ?? [
      { id: 1, login: "admin", email: "admin@old.example.com", display: "Site Admin" },
    ]
  )
    .map(
      (a) => `
	<wp:author><wp:author_id>${a.id}</wp:author_id><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(a.email)}</wp:author_email><wp:author_display_name>${cdata(a.display)}</wp:author_display_name><wp:author_first_name>${cdata(a.first ?? "")}</wp:author_first_name><wp:author_last_name>${cdata(a.last ?? "")}</wp:author_last_name></wp:author>`,
    )
    .join("");
  const categories = (input.categories ?? [])
    .map(
      (c, i) => `
	<wp:category><wp:term_id>${i + 1}</wp:term_id><wp:category_nicename>${cdata(c.slug)}</wp:category_nicename><wp:category_parent>${cdata(c.parent ?? "")}</wp:category_parent><wp:cat_name>${cdata(c.name)}</wp:cat_name></wp:category>`,
    )
    .join("");
  const tags = (input.tags ?? [])
    .map(
      (t, i) => `
	<wp:tag><wp:term_id>${100 + i}</wp:term_id><wp:tag_slug>${cdata(t.slug)}</wp:tag_slug><wp:tag_name>${cdata(t.name)}</wp:tag_name></wp:tag>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" ?>
<!-- This is a WordPress eXtended RSS file generated by WordPress as an export of your site. -->
<rss version="2.0"
	xmlns:excerpt="http://wordpress.org/export/${version}/excerpt/"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedweb.org/CommentAPI/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:wp="http://wordpress.org/export/${version}/"
>
<channel>
	<title>${xmlText(input.title ?? "Old Site")}</title>
	<link>${site}</link>
	<description>Just another site</description>
	<pubDate>Mon, 01 Jul 2024 10:00:00 +0000</pubDate>
	<language>en-US</language>
	<wp:wxr_version>${version}</wp:wxr_version>
	<wp:base_site_url>${site}</wp:base_site_url>
	<wp:base_blog_url>${site}</wp:base_blog_url>
${authors}${categories}${tags}
	<generator>https://wordpress.org/?v=6.5</generator>
`;
}

export const WXR_TAIL = "\n</channel>\n</rss>\n";

/** A whole export as one string. */
export function buildWxr(input: WxrInput): string {
  const site = input.siteUrl ?? "https://old.example.com";
  return `${wxrHead(input)}${input.items.map((item) => wxrItem(site, item)).join("")}${WXR_TAIL}`;
}
