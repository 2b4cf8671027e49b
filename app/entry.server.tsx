import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { pageAssetsContext, requestInfoContext } from "#common/site-context.ts";
import { NonceContext } from "./lib/nonce.ts";
import { isStaticPage, PageAssetsContext } from "./lib/static-page.ts";

export const streamTimeout = 5_000;

/**
 * Like React Router's default entry, plus the per-request CSP nonce on every
 * inline script React and the router write. Pages wait for all content, so
 * visitors and crawlers alike get the whole page in the first response (and
 * the server can compress and cache it whole).
 *
 * A static page (decision 034) is rendered to a string: its data is all
 * loaded, nothing on it suspends, and no hydration data follows the HTML, so
 * a stream only adds work (a quarter of the render, docs/performance.md).
 * Pages that hydrate keep the stream, which carries their loader data.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const assets = loadContext.get(pageAssetsContext);
  const page = (
    <NonceContext value={nonce}>
      <PageAssetsContext value={assets}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PageAssetsContext>
    </NonceContext>
  );
  const matches = routerContext.staticHandlerContext.matches;
  if (isStaticPage(matches.map((match) => ({ handle: match.route.handle })))) {
    // React writes the doctype itself only when streaming.
    const body = Buffer.from(`<!DOCTYPE html>${renderToString(page)}`);
    return htmlResponse(body, responseHeaders, responseStatusCode);
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        // The page is complete: gather it into one buffer and answer with
        // its length, rather than streaming it through web streams.
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            resolve(htmlResponse(Buffer.concat(chunks), responseHeaders, status));
            callback();
          },
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}

/** A whole page as one answer, with its length. */
function htmlResponse(body: Buffer<ArrayBuffer>, headers: Headers, status: number) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { headers, status });
}
