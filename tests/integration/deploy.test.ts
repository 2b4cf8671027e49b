import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDb } from "#server/db/client.ts";
import { createSchema } from "#tests/setup/databases.ts";
import { ensureDebianPackages } from "#tests/setup/debian-packages.ts";
import { writeDeployNginx } from "#tests/setup/nginx.ts";
import {
  collectOutput,
  commandEnv,
  ROOT,
  runServer,
  type ServerRun,
  siteUrl,
  waitFor,
} from "#tests/setup/server-process.ts";
import { freePort, type SmtpCatcher, startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";

/**
 * The deployment of docs/deploy.md, started for real: Varnish (with xkey) in
 * front of nginx in front of two instances on one PostgreSQL database, each
 * with its own DATA_DIR, using the example files of deploy/ with only their
 * ports changed. PostgreSQL only (several instances need a shared database).
 */
const OWNER = { email: "owner@example.com", password: "A-long-passphrase-for-deploys-3" };

type Process = { child: ChildProcessWithoutNullStreams; output: () => string };

function startProcess(command: string, args: string[]): Process {
  const child = spawn(command, args);
  const collected = collectOutput(child);
  return { child, output: () => Object.values(collected()).join("") };
}

/** SIGTERM, then SIGKILL if it has not exited within 5 s. */
async function stopProcess({ child }: Process) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

describe("two instances behind nginx and Varnish (docs/deploy.md)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-deploy-"));
  const schema = `d_${Date.now().toString(36)}`;
  let instances: ServerRun[] = [];
  let direct: string[] = [];
  let nginx: Process;
  let varnish: Process;
  let smtp: SmtpCatcher;
  let viaNginx = "";
  let viaVarnish = "";
  let token = "";

  const api = async (
    base: string,
    route: string,
    init: { method?: string; body?: unknown } = {},
  ) => {
    const response = await fetch(`${base}${route}`, {
      method: init.method ?? "GET",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    ensureDebianPackages({
      "nginx-light": "/usr/sbin/nginx",
      varnish: "/usr/sbin/varnishd",
      "varnish-modules": "/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so",
    });
    await createSchema(schema);
    smtp = await startSmtpCatcher();
    const [one, two, nginxPort, varnishPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    viaNginx = `http://127.0.0.1:${nginxPort}`;
    viaVarnish = `http://127.0.0.1:${varnishPort}`;

    // Two instances, each with a DATA_DIR of its own, one database.
    instances = [one, two].map((port, index) => {
      const dataDir = path.join(dir, `instance-${index + 1}`);
      fs.mkdirSync(dataDir);
      return runServer({
        PORT: String(port),
        HOST: "127.0.0.1",
        DEMO_MODE: "false",
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
        PAGE_CACHE_MIN_RENDER_SECONDS: "0",
        // As docs/deploy.md says: longer than nginx's keepalive_timeout of its upstream.
        SHUTDOWN_DRAIN_SECONDS: "5",
        SMTP_URL: smtp.url,
        MAIL_FROM: "site@example.com",
        CACHE_PURGE_URLS: `${viaVarnish}/`,
        // The load below sends many messages from one address.
        CONTACT_RATE_LIMIT: "off",
        ...commandEnv({ dataDir, schema }),
      });
    });
    direct = await Promise.all(instances.map((run) => siteUrl(run, 60_000)));

    // nginx with deploy/nginx/beranda.conf, ports changed, in a main file of the test's own.
    const nginxConf = writeDeployNginx(dir, { port: nginxPort, upstreams: [one, two] });
    nginx = startProcess("/usr/sbin/nginx", ["-p", dir, "-c", nginxConf, "-g", "daemon off;"]);

    // Varnish with deploy/varnish/default.vcl, the backend's port changed.
    const vcl = fs
      .readFileSync(path.join(ROOT, "deploy/varnish/default.vcl"), "utf8")
      .replace('.port = "8080";', `.port = "${nginxPort}";`);
    fs.writeFileSync(path.join(dir, "default.vcl"), vcl);
    varnish = startProcess("/usr/sbin/varnishd", [
      "-F",
      "-j",
      "none",
      "-n",
      path.join(dir, "varnish"),
      "-a",
      `127.0.0.1:${varnishPort}`,
      "-f",
      path.join(dir, "default.vcl"),
      "-s",
      "malloc,32m",
    ]);
    await waitFor(
      async () => (await fetch(`${viaNginx}/healthz`)).ok,
      20_000,
      `nginx: ${nginx?.output()}`,
    );
    await waitFor(
      async () => (await fetch(`${viaVarnish}/healthz`)).ok,
      30_000,
      `varnish: ${varnish?.output()}`,
    );
    const signIn = await api(viaNginx, "/api/auth/login", { method: "POST", body: OWNER });
    expect(signIn.status).toBe(200);
    token = signIn.body.token;
  }, 180_000);

  afterAll(async () => {
    for (const run of instances) run.child.kill("SIGKILL");
    // nginx and Varnish stop their own worker processes on SIGTERM (SIGKILL would leave
    // nginx's workers running, listening, after the test).
    await Promise.all([nginx, varnish].map((proxy) => proxy && stopProcess(proxy)));
    await smtp?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a post published through one instance is on the other's pages, and Varnish serves each new version after the purge", async () => {
    const created = await api(direct[0]!, "/api/blog/posts", {
      method: "POST",
      body: {
        title: "Behind The Proxies",
        slug: "behind-the-proxies",
        excerpt: "An excerpt.",
        content: "<p>First version.</p>",
        status: "published",
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    // On the other instance at once.
    const other = await fetch(`${direct[1]}/blog/behind-the-proxies`);
    expect(other.status).toBe(200);
    expect(await other.text()).toContain("Behind The Proxies");

    // Varnish keeps it (s-maxage) and answers the second request itself.
    const page = `${viaVarnish}/blog/behind-the-proxies`;
    const miss = await fetch(page);
    expect(miss.headers.get("x-varnish-cache"), JSON.stringify([...miss.headers])).toBe("MISS");
    const hit = await fetch(page);
    expect(hit.headers.get("x-varnish-cache"), JSON.stringify([...hit.headers])).toBe("HIT");
    expect(await hit.text()).toContain("Behind The Proxies");

    // Edited through the second instance: Varnish serves the new version once it is fetched.
    const edited = await api(direct[1]!, `/api/blog/posts/${id}`, {
      method: "PUT",
      body: { title: "Edited Behind The Proxies" },
    });
    expect(edited.status).toBe(200);
    await waitFor(
      async () => (await (await fetch(page)).text()).includes("Edited Behind The Proxies"),
      5_000,
      "the edit through Varnish",
    );
    // Unpublished: Varnish drops it within a second (a hard purge from each instance once
    // the change has reached it), and from then on every answer is a 404.
    const hidden = await api(direct[0]!, `/api/blog/posts/${id}`, {
      method: "PUT",
      body: { status: "draft" },
    });
    expect(hidden.status).toBe(200);
    await waitFor(async () => (await fetch(page)).status === 404, 1_000, "the 404 through Varnish");
    for (let i = 0; i < 3; i++) expect((await fetch(page)).status).toBe(404);
  });

  it("a contact message sent through either instance is mailed exactly once", async () => {
    const office = await api(direct[0]!, "/api/settings/general", {
      method: "PUT",
      body: { contactEmail: "office@example.com" },
    });
    expect(office.status).toBe(200);
    const before = smtp.mails.length;
    for (const [index, base] of direct.entries()) {
      const sent = await api(base, "/api/contact", {
        method: "POST",
        body: {
          name: `Visitor ${index + 1}`,
          email: `visitor${index + 1}@example.com`,
          subject: `A question through instance ${index + 1}`,
          message: "Do you build websites for small companies?",
        },
      });
      expect(sent.status).toBe(201);
    }
    // Both instances run the mail sender. Each mail is marked sent, after one
    // attempt, once it went out: no sender claims it again after that.
    await waitFor(async () => smtp.mails.length >= before + 2, 30_000, "two mails");
    const notifications = async () =>
      ((await api(direct[1]!, "/api/mail/outbox?limit=200")).body.data.mails as any[]).filter(
        (mail) => mail.kind === "contact_notification",
      );
    await waitFor(
      async () => (await notifications()).every((mail) => mail.status === "sent"),
      10_000,
      "both mails marked sent",
    );
    const outbox = await notifications();
    expect(outbox.map((mail) => [mail.status, mail.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
    const subjects = smtp.mails.slice(before).map((mail) => mail.parsed.text ?? "");
    expect(subjects).toHaveLength(2);
    expect(subjects.filter((text) => text.includes("A question through instance 1"))).toHaveLength(
      1,
    );
    expect(subjects.filter((text) => text.includes("A question through instance 2"))).toHaveLength(
      1,
    );
  });

  it("stopping one instance mid-load loses no request nginx can retry, and no message it accepted", async () => {
    let stopped = false;
    const reads: number[] = [];
    const writes: { status: number; subject: string }[] = [];
    const load = (async () => {
      for (let round = 0; !stopped || round < 40; round++) {
        const batch = await Promise.all([
          ...Array.from({ length: 8 }, () =>
            fetch(`${viaNginx}/about`).then(async (response) => {
              await response.body?.cancel();
              return response.status;
            }),
          ),
          fetch(`${viaNginx}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              name: "Load",
              email: "load@example.com",
              subject: `Load ${round}`,
              message: "A message sent while an instance stops.",
            }),
          }).then(async (response) => {
            await response.body?.cancel();
            writes.push({ status: response.status, subject: `Load ${round}` });
          }),
        ]);
        reads.push(...(batch.slice(0, 8) as number[]));
        if (round > 400) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    instances[1]!.child.kill("SIGTERM");
    expect(await instances[1]!.exited).toBe(0);
    stopped = true;
    await load;
    expect(reads.length).toBeGreaterThan(100);
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    // Every message was accepted and stored, once: the stopping instance left its idle
    // connections to nginx (SHUTDOWN_DRAIN_SECONDS), so no POST met a closing connection
    // (nginx never sends a POST twice; it would have answered 502).
    const stored = writes.filter((write) => write.status === 201).map((write) => write.subject);
    expect(stored.length).toBeGreaterThan(10);
    expect(writes.filter((write) => write.status !== 201)).toEqual([]);
    const config = loadConfig({ ...commandEnv({ dataDir: path.join(dir, "instance-1"), schema }) });
    const handle = await openDb({ database: config.database, schema });
    try {
      const rows = await handle.db
        .selectFrom("contact_messages")
        .select("subject")
        .where("subject", "like", "Load %")
        .execute();
      expect(rows.map((row) => row.subject).sort()).toEqual([...stored].sort());
    } finally {
      await handle.close();
    }
  }, 120_000);
});
