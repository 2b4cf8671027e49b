import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, isAllowedUrl } from "#common/html-allowlist.ts";

/**
 * The editor preview applies the same allowlist as the server's sanitiser
 * (common/html-allowlist.ts): what the preview shows is what the saved post
 * can contain, and markup typed in the HTML editor never runs. URLs are
 * checked by the same function (`isAllowedUrl`), so "java\tscript:" is a
 * scheme here as it is for the browser and the server.
 */
const ALLOWED_TAG_SET = new Set<string>(ALLOWED_TAGS);

/** Elements dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "textarea",
  "select",
]);

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? "")];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = [...element.childNodes].flatMap((child) => clean(child, doc));
  if (DROP_WITH_CONTENT.has(tag)) return [];
  if (!ALLOWED_TAG_SET.has(tag)) return children;
  const out = doc.createElement(tag);
  for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if ((name === "href" || name === "src") && !isAllowedUrl(value, tag)) continue;
    out.setAttribute(name, value);
  }
  if (tag === "a" && out.getAttribute("target")) out.setAttribute("rel", "noopener noreferrer");
  for (const child of children) out.appendChild(child);
  return [out];
}

export function previewHtml(html: string): string {
  if (typeof DOMParser === "undefined") return "";
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const doc = document.implementation.createHTMLDocument("");
  const root = doc.createElement("div");
  for (const node of [...parsed.body.childNodes].flatMap((child) => clean(child, doc))) {
    root.appendChild(node);
  }
  return root.innerHTML;
}
