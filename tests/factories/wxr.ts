import path from "node:path";
import type { ImportRequest } from "#server/modules/content-import/import-run.ts";

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
  /** RSS `pubDate` ("Tue, 05 Mar 2024 09:30:00 +0000" unless told). */
  pubDate?: string;
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
		<pubDate>${item.pubDate ?? "Tue, 05 Mar 2024 09:30:00 +0000"}</pubDate>
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

/**
 * A site's export with one of everything the importer handles, images on
 * `site` (the test's own HTTP server): classic and block content, a caption
 * with a resized copy and its srcset, a gallery, a video address, an unknown
 * shortcode, a featured image, Yoast and Rank Math fields, a sticky post,
 * scheduled, private, password-protected, draft and trashed posts, a page
 * with a child, a page at one of Beranda's own addresses, a menu item, a
 * percent-encoded category slug, entities in a title and "]]>" in a body.
 */
export function movingInExport(site: string, existingEmail: string): string {
  const up = (file: string) => `${site}/wp-content/uploads/2019/05/${file}`;
  return buildWxr({
    siteUrl: site,
    title: "Old Site",
    authors: [
      { id: 1, login: "jane", email: existingEmail, display: "Jane Editor" },
      {
        id: 2,
        login: "sam",
        email: "sam@old.example.com",
        display: "Sam Writer",
        first: "Sam",
        last: "Writer",
      },
    ],
    categories: [
      { slug: "news", name: "News" },
      { slug: "caf%c3%a9", name: "Café" },
    ],
    tags: [{ slug: "launch", name: "Launch" }],
    items: [
      {
        id: 50,
        title: "harbour",
        type: "attachment",
        status: "inherit",
        attachmentUrl: up("harbour.jpg"),
        meta: { _wp_attachment_image_alt: "The harbour" },
      },
      {
        id: 51,
        title: "bridge",
        type: "attachment",
        status: "inherit",
        attachmentUrl: up("bridge.png"),
      },
      {
        id: 52,
        title: "tower",
        type: "attachment",
        status: "inherit",
        attachmentUrl: up("tower.jpg"),
        meta: { _wp_attachment_image_alt: "The tower" },
      },
      {
        id: 10,
        title: "Hello & welcome",
        slug: "hello-world",
        creator: "sam",
        link: `${site}/2019/05/hello-world/`,
        dateGmt: "2019-05-01 10:00:00",
        date: "2019-05-01 12:00:00",
        sticky: true,
        categories: ["news", "caf%c3%a9"],
        tags: ["launch"],
        excerpt: "A short <b>summary</b>.",
        content: `First paragraph with a [contact-form-7 id="3" title="Contact"] form.\n\n[caption id="attachment_50" align="alignnone" width="300"]<img src="${up("harbour-300x200.jpg")}" srcset="${up("harbour-300x200.jpg")} 300w, ${up("harbour.jpg")} 1200w" alt="The harbour" width="300" height="200" /> The harbour at dawn[/caption]\n\nSecond line\nsame paragraph`,
        meta: {
          _thumbnail_id: "52",
          _yoast_wpseo_title: "%%title%% %%sep%% %%sitename%%",
          _yoast_wpseo_metadesc: "All about the launch.",
        },
      },
      {
        id: 11,
        title: "Block post",
        creator: "jane",
        categories: ["news"],
        content: `<!-- wp:paragraph -->\n<p>Arrays: a[b[0]]> c</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:image {"id":51,"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src="${up("bridge-1024x768.png")}" alt="" class="wp-image-51"/></figure>\n<!-- /wp:image -->`,
        meta: {
          rank_math_title: "Blocks %sep% %sitename%",
          rank_math_description: "Rank Math's words.",
        },
      },
      {
        id: 12,
        title: "Photo gallery",
        creator: "sam",
        content: `[gallery ids="50,51"]\n\nhttps://www.youtube.com/watch?v=abc123XYZ\n\n<img src="${site}/wp-content/uploads/missing.jpg" alt="gone">`,
      },
      {
        id: 13,
        title: "Coming soon",
        status: "future",
        dateGmt: "2099-01-01 09:00:00",
        content: "Later.",
      },
      { id: 14, title: "Secret plans", status: "private", content: "Only for us." },
      { id: 15, title: "Members area", password: "hunter2", content: "Behind a password." },
      { id: 16, title: "Unfinished", slug: "", status: "draft", content: "Draft words." },
      { id: 17, title: "Old news", status: "trash", content: "Gone." },
      { id: 20, title: "About", type: "page", content: "<p>Who we are</p>" },
      {
        id: 21,
        title: "Team",
        type: "page",
        parentId: 20,
        link: `${site}/about/team/`,
        content: "<p>The people</p>",
      },
      { id: 22, title: "Careers", type: "page", content: "<p>Join us</p>" },
      { id: 30, title: "Home", type: "nav_menu_item", status: "publish", content: "" },
    ],
  });
}

/** An import of `file` as Admin → Import starts it: not a dry run, images that fail kept. */
export function importRequest(file: string, overrides: Partial<ImportRequest> = {}): ImportRequest {
  return {
    source: "wordpress",
    filePath: file,
    fileName: path.basename(file),
    dryRun: false,
    missingImages: "keep",
    siteUrl: "",
    ...overrides,
  };
}
