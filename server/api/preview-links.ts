import {
  PreviewLinkCreatedSchema,
  PreviewLinkInputSchema,
  PreviewLinkListSchema,
} from "#common/schemas/preview-links.ts";
import { IdParams, idParams } from "#server/http/request.ts";
import { created, dataResponses, errorResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";
import type { PreviewDocumentType } from "#server/modules/preview-links/preview-links.repository.ts";
import { PREVIEW_PATH } from "#server/modules/preview-links/preview-links.service.ts";
import { DOCUMENT_KINDS, type DocumentKind } from "./document-kinds.ts";

/**
 * Secret preview links of a draft or scheduled post or page (issue 23,
 * decision 019): made, listed and revoked by whoever may edit the document
 * (a post: its author, editors and admins; a page: `pages:manage`). The link
 * itself opens `/preview/{secret}` for anyone, signed in or not.
 */
const { route } = routesFor("Preview links");

const LinkParams = idParams("id", "linkId");

/** The body is optional: without one the link lasts 7 days. */
const createBody = {
  body: {
    required: false,
    description: "`expires_in_hours`: a whole number from 1 to 720 (default 168, 7 days)",
    content: { "application/json": { schema: PreviewLinkInputSchema } },
  },
};

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
function previewLinksOf(kind: DocumentKind & { type: PreviewDocumentType }) {
  const { type, name } = kind;
  const base = `${kind.base}/{id}` as const;
  const guard = signedIn(kind.permission);
  const create = route(`POST ${base}/preview-links`, `create${name}PreviewLink`, {
    summary: `Create a secret preview link of a ${type} (its URL is shown only in this answer)`,
    ...guard,
    request: { params: IdParams, ...createBody },
    responses: dataResponses(
      PreviewLinkCreatedSchema,
      "The new link: `{id, url, expires_at}`",
      [404],
      201,
    ),
  });
  const list = route(`GET ${base}/preview-links`, `list${name}PreviewLinks`, {
    summary: `The ${type}'s preview links, newest first, with their status (never their secret)`,
    ...guard,
    request: { params: IdParams },
    responses: dataResponses(PreviewLinkListSchema, "The links", [404]),
  });
  const revoke = route(`DELETE ${base}/preview-links/{linkId}`, `revoke${name}PreviewLink`, {
    summary: `Revoke one of the ${type}'s preview links: it answers 404 from now on`,
    ...guard,
    request: { params: LinkParams },
    responses: {
      204: { description: "Revoked (or already revoked)" },
      404: errorResponses[404],
    },
  });
  return createRouter()
    .openapi(create, async (c) => {
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
    .openapi(list, async (c) => {
      const id = c.req.valid("param").id;
      return ok(c, await c.var.services.previewLinks.listPreviewLinks(c.var.user, type, id));
    })
    .openapi(revoke, async (c) => {
      const { id, linkId } = c.req.valid("param");
      await c.var.services.previewLinks.revokePreviewLink(c.var.user, type, id, linkId);
      return c.body(null, 204);
    });
}

export const previewLinksApi = createRouter()
  .route("/", previewLinksOf(DOCUMENT_KINDS.post))
  .route("/", previewLinksOf(DOCUMENT_KINDS.page));
