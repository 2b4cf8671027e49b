/**
 * Short link texts from the spec ("Learn More", "Read More", "View All Posts")
 * stay as they are on screen; visually hidden words inside the link complete
 * them with where the link goes, so screen readers, search engines and
 * Lighthouse's link-text audit get a descriptive name ("Read More about Five
 * Signs Your Website Needs a Redesign", "Learn More – About Us"). Text inside the link, not aria-label, so
 * the visible words stay the start of the accessible name.
 */
export function LinkTarget({
  text,
  target,
  joiner = "–",
}: {
  text?: string;
  target: string;
  /** "about" before a post or service title; a dash before a page name. */
  joiner?: string;
}) {
  if (!target || text?.toLowerCase().includes(target.toLowerCase())) return null;
  // Browsers put a space before the hidden (absolutely positioned) words in
  // the accessible name, so they start with a word or a dash, not a colon.
  return <span className="sr-only">{` ${joiner} ${target}`}</span>;
}

const PAGES: Record<string, string> = {
  "/": "Home",
  "/about": "About Us",
  "/services": "Our Services",
  "/gallery": "Gallery",
  "/blog": "Blog",
  "/contact": "Contact Us",
  "/terms": "Terms and Conditions",
  "/privacy": "Privacy Policy",
};

/** What a configurable link points at, in words: a page of this site, else the other site's host. */
export function targetName(url: string): string {
  const path = url.split(/[?#]/)[0]!.replace(/(.)\/$/, "$1");
  if (PAGES[path]) return PAGES[path];
  if (path.startsWith("/services/")) return "Service details";
  if (path.startsWith("/blog/")) return "Blog post";
  try {
    return new URL(url).host;
  } catch {
    return path;
  }
}
