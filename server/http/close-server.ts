import type { Server } from "node:http";
import { Server as NetServer } from "node:net";

/**
 * Stops a server for good: no new connections, in-flight requests answered,
 * then resolves once every connection has closed. Until then each answer
 * carries `Connection: close` (set by the caller's request listener), so a
 * proxy that keeps connections open stops sending over them.
 *
 * Idle keep-alive connections are the delicate part. Closing one races with a
 * proxy that is sending a request over it at that very moment: a GET the
 * proxy sends again elsewhere, but a POST it may not (it cannot know whether
 * the server acted on it), so its client gets 502. With `drainMs`, idle
 * connections are left for that long to the proxy, which closes them itself
 * after its own idle timeout (nginx: `keepalive_timeout` in the `upstream`),
 * and only the ones still open after it are closed here. Without it they are
 * closed at once, as Node's `server.close()` does.
 */
export function closeServer(server: Server, drainMs: number): Promise<void> {
  const closeIdle = () => server.closeIdleConnections();
  let sweep: NodeJS.Timeout | undefined;
  const startSweeping = () => {
    closeIdle();
    sweep = setInterval(closeIdle, 100);
  };
  return new Promise<void>((resolve) => {
    const closed = () => {
      clearTimeout(wait);
      clearInterval(sweep);
      resolve();
    };
    let wait: NodeJS.Timeout | undefined;
    if (drainMs > 0) {
      // net.Server's close stops accepting and waits for the connections;
      // http.Server's would also close the idle ones now.
      NetServer.prototype.close.call(server, closed);
      wait = setTimeout(startSweeping, drainMs);
    } else {
      server.close(closed);
      startSweeping();
    }
  });
}
