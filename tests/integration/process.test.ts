import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inheritedEnv } from "#tests/setup/child-env.ts";
import {
  collectOutput,
  ROOT as root,
  runServer,
  siteUrl,
  waitFor,
} from "#tests/setup/server-process.ts";

/** A raw connection: what it sent back, and whether the server closed it. */
function connect(port: number) {
  const socket = net.connect(port, "localhost");
  const state = { received: "", closed: false };
  socket.on("data", (chunk) => {
    state.received += chunk;
  });
  socket.on("close", () => {
    state.closed = true;
  });
  socket.on("error", () => {});
  return { socket, state };
}

describe("the server process", () => {
  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
  ])("stops with one clear line and exit code 1 for %o", async (env, name) => {
    const run = runServer(env);
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^beranda: Invalid ${name} `));
  });

  it("reports a port in use before it touches the database", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "localhost", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-port-"));
    try {
      const run = runServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await run.exited).toBe(1);
      expect(run.output().stderr.trim()).toBe(
        `beranda: port ${port} is already in use (set PORT to another port)`,
      );
      // No database file, no migrations, no seed: only the DATA_DIR lock.
      expect(fs.readdirSync(dataDir)).toEqual(["beranda.lock"]);
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("warns at start when mails are sent but PUBLIC_URL is not set", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-mail-"));
    const mail = { SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "site@example.com" };
    try {
      for (const [env, warned] of [
        [{}, true],
        [{ PUBLIC_URL: "https://www.example.com" }, false],
      ] as const) {
        const run = runServer({ ...mail, ...env, PORT: "0", DATA_DIR: dataDir });
        await siteUrl(run);
        expect(
          run.output().stdout.includes("SMTP_URL is set but PUBLIC_URL is not"),
          `${warned}`,
        ).toBe(warned);
        run.child.kill("SIGTERM");
        await run.exited;
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("npm run demo stops on SIGTERM to npm, the server with it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-demo-"));
    const child = spawn("npm", ["run", "--silent", "demo"], {
      cwd: root,
      env: { ...inheritedEnv(), PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", WORKERS: "1" },
    });
    const run = {
      child,
      exited: new Promise((r) => child.on("exit", r)),
      output: collectOutput(child),
    };
    try {
      const url = await siteUrl(run as never, 60_000);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      child.kill("SIGTERM");
      await run.exited;
      // The site stopped with npm (it was left running, holding DATA_DIR, before).
      await waitFor(
        () =>
          fetch(`${url}/healthz`).then(
            () => false,
            () => true,
          ),
        15_000,
        "the demo site to stop",
      );
    } finally {
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("names HOST when it is no address of this machine", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-host-"));
    try {
      // 203.0.113.7: an address kept for documentation, on no machine.
      const run = runServer({ HOST: "203.0.113.7", PORT: "0", DATA_DIR: dataDir });
      expect(await run.exited).toBe(1);
      expect(run.output().stderr.trim()).toBe(
        "beranda: cannot listen on HOST 203.0.113.7: no such address on this machine (set HOST to an address of this machine, such as 127.0.0.1 or 0.0.0.0)",
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("closes on slow clients and caps connections", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-slow-"));
    const run = runServer({
      PORT: "0",
      DATA_DIR: dataDir,
      HEADERS_TIMEOUT_SECONDS: "1",
      REQUEST_TIMEOUT_SECONDS: "2",
      MAX_CONNECTIONS: "3",
    });
    const open: net.Socket[] = [];
    try {
      await waitFor(() => /running at (http:\/\/\S+)/.test(run.output().stdout));
      const port = Number(new URL(/running at (http:\/\/\S+)/.exec(run.output().stdout)![1]!).port);

      // Headers that never end: closed once the headers time runs out.
      const headers = connect(port);
      open.push(headers.socket);
      headers.socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      await waitFor(() => headers.state.closed, 20_000);

      // A body that never arrives in full: 408 and closed.
      const body = connect(port);
      open.push(body.socket);
      body.socket.write(
        'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
      );
      await waitFor(() => body.state.closed, 20_000);
      expect(body.state.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(body.state.received).toContain("The request took too long to arrive");

      // Three idle connections fill the cap: the fourth is closed at once, unanswered.
      const idle = [connect(port), connect(port), connect(port)];
      open.push(...idle.map((c) => c.socket));
      await Promise.all(idle.map((c) => new Promise((r) => c.socket.once("connect", r))));
      const extra = connect(port);
      open.push(extra.socket);
      extra.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
      await waitFor(() => extra.state.closed, 20_000);
      expect(extra.state.received).toBe("");
      for (const c of idle) c.socket.destroy();
      await waitFor(() => idle.every((c) => c.state.closed));
      // Room again: a new connection is served.
      let served = false;
      for (let i = 0; i < 20 && !served; i++) {
        served = await fetch(`http://localhost:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!served) await new Promise((r) => setTimeout(r, 100));
      }
      expect(served).toBe(true);
    } finally {
      for (const socket of open) socket.destroy();
      run.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps an idle keep-alive connection for KEEP_ALIVE_TIMEOUT_SECONDS", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-keepalive-"));
    const run = runServer({
      PORT: "0",
      DATA_DIR: dataDir,
      HEADERS_TIMEOUT_SECONDS: "1",
      KEEP_ALIVE_TIMEOUT_SECONDS: "8",
    });
    let socket: net.Socket | undefined;
    try {
      await waitFor(() => /running at (http:\/\/\S+)/.test(run.output().stdout));
      const port = Number(new URL(/running at (http:\/\/\S+)/.exec(run.output().stdout)![1]!).port);
      const connection = connect(port);
      socket = connection.socket;
      const { state } = connection;
      const answers = () => state.received.match(/HTTP\/1\.1 200 /g)?.length ?? 0;
      socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
      await waitFor(() => answers() === 1);
      // Idle for 6 s, past the headers time and past Node's own 5 s keep-alive:
      // still open, and the next request is served on it (a proxy reusing it meets no reset).
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(state.closed).toBe(false);
      socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
      await waitFor(() => answers() === 2);
      // Idle connections are not kept for ever.
      await waitFor(() => state.closed, 20_000);
    } finally {
      socket?.destroy();
      run.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // WORKERS=2 as well: what npm start runs on a machine of several cores.
  it.each([
    ["0", "1", "closes an idle keep-alive connection at once"],
    ["3", "1", "leaves an idle keep-alive connection to the proxy for SHUTDOWN_DRAIN_SECONDS"],
    ["3", "2", "leaves an idle keep-alive connection to the proxy for SHUTDOWN_DRAIN_SECONDS"],
  ])("on SIGTERM with SHUTDOWN_DRAIN_SECONDS=%s and WORKERS=%s it %s", async (drain, workers) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-drain-"));
    const run = runServer({
      PORT: "0",
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_SECONDS: drain,
      WORKERS: workers,
    });
    const connections: ReturnType<typeof connect>[] = [];
    try {
      const port = Number(new URL(await siteUrl(run)).port);
      // Two idle keep-alive connections, as a proxy keeps them; the About page stored on the way.
      for (const path of ["/healthz", "/about"]) {
        const connection = connect(port);
        connections.push(connection);
        connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        await waitFor(() => /HTTP\/1\.1 200 /.test(connection.state.received));
      }
      const [first, second] = connections as [
        ReturnType<typeof connect>,
        ReturnType<typeof connect>,
      ];
      run.child.kill("SIGTERM");
      // Stopping: no new connections.
      await waitFor(async () => {
        const refused = connect(port);
        await new Promise((resolve) => setTimeout(resolve, 50));
        refused.socket.destroy();
        return refused.state.closed && refused.state.received === "";
      });
      if (drain === "0") {
        await waitFor(
          () => first.state.closed && second.state.closed,
          2000,
          "idle connections to close",
        );
      } else {
        // A request a proxy sends over its idle connection now is answered, not met
        // by a closing socket, and the answer closes the connection: one the app
        // answers, and a stored page the cache answers in front of it.
        expect(first.state.closed || second.state.closed).toBe(false);
        first.state.received = "";
        second.state.received = "";
        first.socket.write("POST /api/contact HTTP/1.1\r\nHost: localhost\r\n");
        first.socket.write("Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
        second.socket.write("GET /about HTTP/1.1\r\nHost: localhost\r\n\r\n");
        await waitFor(() => first.state.closed && second.state.closed, 5000, "answers to close");
        expect(first.state.received).toMatch(/^HTTP\/1\.1 400 [\s\S]*connection: close/i);
        expect(first.state.received).toContain("name");
        expect(second.state.received).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: close/i);
        expect(second.state.received).toMatch(/x-cache: HIT/i);
      }
      expect(await run.exited).toBe(0);
    } finally {
      for (const { socket } of connections) socket.destroy();
      run.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("answers the next request on a connection after a large body it refused unread", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-unread-"));
    const run = runServer({ PORT: "0", DATA_DIR: dataDir });
    const open: net.Socket[] = [];
    const statuses = (text: string) =>
      [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    /** A POST with a body of `size` bytes, then a GET on the same connection. */
    const twoRequests = (port: number, target: string, size: number) => {
      const connection = connect(port);
      open.push(connection.socket);
      connection.socket.write(
        `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      );
      connection.socket.write("a".repeat(size));
      connection.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
      return connection;
    };
    try {
      await waitFor(() => /running at (http:\/\/\S+)/.test(run.output().stdout));
      const port = Number(new URL(/running at (http:\/\/\S+)/.exec(run.output().stdout)![1]!).port);

      // Refused before the body is read: 401 (no session), 404 (no such call),
      // 413 (over a page form's 64 KB). The 400 KB body is read and dropped,
      // and the request sent behind it is answered on the same connection.
      for (const [target, status] of [
        ["/api/blog/posts", 401],
        ["/api/no-such-call", 404],
        ["/contact", 413],
      ] as const) {
        const { state } = twoRequests(port, target, 400_000);
        await waitFor(() => statuses(state.received).length === 2 || state.closed);
        expect(statuses(state.received), target).toEqual([status, 200]);
        expect(state.received, target).toContain('{"ok":true}');
        expect(state.closed, target).toBe(false);
      }

      // A body larger than any call takes (4 MB) is not read: the answer says
      // the connection closes, and it does, without answering what followed.
      const large = twoRequests(port, "/api/blog/posts", 5 * 1024 * 1024);
      await waitFor(() => large.state.closed);
      expect(statuses(large.state.received)).toEqual([413]);
      expect(large.state.received).toMatch(/\r\nConnection: close\r\n/i);
      expect(large.state.received).toContain("Request body is too large");
    } finally {
      for (const socket of open) socket.destroy();
      run.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("npm start hands SIGTERM to the server: it drains, stops, and npm exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-npm-"));
    const child = spawn("npm", ["start"], {
      cwd: root,
      env: {
        ...inheritedEnv(),
        PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
      },
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", () => {});
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    try {
      await waitFor(() => /running at (http:\/\/\S+)/.test(stdout), 60_000);
      const url = /running at (http:\/\/\S+)/.exec(stdout)![1]!;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      child.kill("SIGTERM"); // to npm, as Docker, systemd and process managers do
      expect(await exited).toBe(0);
      expect(stdout).toContain('"msg":"stopped"');
      // No server left behind: the port no longer answers.
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
