const DEFAULT_TARGET = "/admin/dashboard";

/**
 * Where to go after signing in: the page the guard came from, if it is a path
 * on this site; else the dashboard. Parsed as a URL, so `//evil`, `/\evil`
 * and control characters (which browsers drop or turn into slashes) never
 * lead elsewhere.
 */
function hasControl(text: string) {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Where to go after signing in: the page the guard came from, if it is a path
 * on this site; else the dashboard. Parsed as a URL, so `//evil`, `/\evil`
 * and control characters (which browsers drop or turn into slashes) never
 * lead elsewhere.
 */

export function safeRedirect(target: string | null | undefined) {
  if (!target?.startsWith("/") || target.includes("\\") || hasControl(target)) {
    return DEFAULT_TARGET;
  }
  const base = "http://site.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return DEFAULT_TARGET;
  }
  if (url.origin !== base || url.pathname === "/login") return DEFAULT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}
