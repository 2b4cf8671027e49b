import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How much of an unneeded body is read and dropped at most, and for how long. */
export type DrainLimit = { bytes: number; ms: number };

/** How long a connection closed under a body still coming is read from before it is cut. */
const LINGER_MS = 5_000;

/**
 * A request may be answered before its body is read: 401, 403, 404, or 413
 * for a body declared too large. The rest of that body is still on the
 * connection, ahead of the next request a client or proxy may already have
 * sent on it. So:
 *
 * - a body within `limitFor(url).bytes` is read and dropped after the
 *   answer, and the connection stays open for the next request;
 * - a body declared larger than that is never read: its answer says
 *   `Connection: close`, and the connection is closed after it. Until the
 *   client closes too (at most 5 s), what it still sends is read and dropped
 *   (no further request on it is read), so the close does not reset the
 *   connection under an answer the client has not read yet;
 * - a body that turns out larger while it is dropped (no declared length),
 *   or whose rest does not arrive within `limitFor(url).ms`, ends the
 *   connection.
 *
 * The app's body stream stops reading once the request is answered (it
 * holds the body paused), so the rest is read here, from the request itself.
 */
export function finishUnreadBodies(
  server: Server,
  limitFor: (url: string | undefined) => DrainLimit,
) {
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (request.complete) return;
    const limit = limitFor(request.url);
    if (Number(request.headers["content-length"]) > limit.bytes) {
      if (response.headersSent) return;
      response.setHeader("connection", "close");
      // Node ends a connection after its last answer with destroySoon().
      const socket = request.socket;
      socket.destroySoon = () => lingeringClose(socket, limit.bytes);
      return;
    }
    const afterAnswer = () => {
      if (!request.complete && !request.destroyed) drop(request, limit);
    };
    if (response.writableFinished) afterAnswer();
    else response.once("finish", afterAnswer);
  });
}

/** Reads the rest of a body and drops it; past the limit's bytes or time, closes the connection. */
function drop(request: IncomingMessage, limit: DrainLimit) {
  let left = limit.bytes;
  const stop = () => {
    clearTimeout(timer);
    request.off("data", onData);
  };
  const close = () => {
    stop();
    request.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    left -= chunk.byteLength;
    if (left < 0) close();
  };
  const timer = setTimeout(close, limit.ms);
  timer.unref();
  // Nobody reads this body any more: whatever listened (the app's stream,
  // which now holds it paused) lets go, as Node does with a body never read.
  request.removeAllListeners("data");
  request.on("data", onData);
  request.once("end", stop);
  request.once("close", stop);
  request.resume();
}

/**
 * Sends what is written and the end of the connection, then reads and drops
 * what the client still sends until it closes, `bytes` more arrived or
 * LINGER_MS passed. Nothing more reaches the HTTP parser, so no request sent
 * after the answer that closed the connection is handled.
 */
function lingeringClose(socket: Socket, bytes: number) {
  let left = bytes;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.removeAllListeners("data");
  // Adding a data listener also takes the socket away from Node's parser.
  socket.on("data", (chunk: Buffer) => {
    left -= chunk.byteLength;
    if (left < 0) close();
  });
  socket.once("end", close);
  socket.once("close", () => clearTimeout(timer));
  socket.end();
  socket.resume();
}
