type OpenApiDoc = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
};

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A browsable API reference rendered on the server from the generated
 * OpenAPI document: no script, nothing loaded from elsewhere.
 */
export function renderApiReference(doc: OpenApiDoc): string {
  const base = doc.servers?.[0]?.url ?? "";
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? "Other";
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> <small>(${esc(p.in)}${p.required ? ", required" : ""})</small></li>`,
        )
        .join("");
      const body = Object.entries(op.requestBody?.content ?? {})
        .map(
          ([type, media]) =>
            `<details><summary>Body <code>${esc(type)}</code></summary><pre>${esc(JSON.stringify(media.schema, null, 2))}</pre></details>`,
        )
        .join("");
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><code>${code}</code> ${esc(r.description ?? "")}</li>`)
        .join("");
      const entry = `<section class="op"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(base + path)}</code>${op.security?.length ? ' <small class="lock">sign-in required</small>' : ""}</h3>
<p>${esc(op.summary ?? "")}</p>${params ? `<p>Parameters:</p><ul>${params}</ul>` : ""}${body}<p>Responses:</p><ul>${responses}</ul></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="${esc(tag)}">${esc(tag)}</h2>${ops.join("")}`)
    .join("");
  const toc = [...byTag.keys()].map((t) => `<a href="#${esc(t)}">${esc(t)}</a>`).join(" · ");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
code,pre{font-family:ui-monospace,monospace}pre{background:#f1f5f9;padding:.75rem;overflow:auto;border-radius:6px;font-size:13px}
.op{border:1px solid #e2e8f0;border-radius:8px;padding:0 1rem;margin:1rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700}
.get{color:#15803d}.post{color:#1d4ed8}.put,.patch{color:#a16207}.delete{color:#b91c1c}.lock{color:#64748b;font-weight:400}
</style></head><body><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description ?? "")} Machine-readable: <a href="${esc(base)}/openapi.json">openapi.json</a>.</p>
<nav>${toc}</nav>${sections}</body></html>`;
}
