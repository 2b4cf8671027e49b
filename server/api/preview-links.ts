import { created, ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { PREVIEW_PATH } from "#server/modules/preview-links/preview-links.service.ts";
import { previewLinkCalls } from "./contract/content.ts";

/**
 * Secret preview links of a draft or scheduled post or page (issue 23,
 * decision 019): made, listed and revoked by whoever may edit the document
 * (a post: its author, editors and admins; a page: `pages:manage`). The link
 * itself opens `/preview/{secret}` for anyone, signed in or not.
 */

const CREATED_MESSAGE = "Preview link created. Copy it now: it is shown only once.";

/** The address of a new link: the site's own address and the secret. */
function previewUrl(origin: string, secret: string): string {
  return `${origin}${PREVIEW_PATH}${secret}`;
}

/** An empty body (or none) is a link of the default length. */
async function bodyOf(request: { json(): Promise<unknown> }): Promise<unknown> {
  return request.json().catch(() => ({}));
}

/** The three calls on one kind of document's links: create, list, revoke. */
function previewLinksOf(type: keyof typeof previewLinkCalls) {
  const calls = previewLinkCalls[type];
  return createRouter()
    .openapi(calls.create, async (c) => {
      const link = await c.var.services.previewLinks.createPreviewLink(
        c.var.user,
        type,
        c.req.valid("param").id,
        await bodyOf(c.req),
      );
      const data = {
        id: link.id,
        url: previewUrl(c.var.origin, link.secret),
        expires_at: link.expires_at,
      };
      return created(c, data, CREATED_MESSAGE);
    })
    .openapi(calls.list, async (c) => {
      const id = c.req.valid("param").id;
      return ok(c, await c.var.services.previewLinks.listPreviewLinks(c.var.user, type, id));
    })
    .openapi(calls.revoke, async (c) => {
      const { id, linkId } = c.req.valid("param");
      await c.var.services.previewLinks.revokePreviewLink(c.var.user, type, id, linkId);
      return c.body(null, 204);
    });
}

export const previewLinksApi = createRouter()
  .route("/", previewLinksOf("post"))
  .route("/", previewLinksOf("page"));
