import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runServer, siteDatabase, siteUrl } from "#tests/setup/server-process.ts";
import { startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request on a connection of its own (no keep-alive): the primary hands
 * each new connection to the next worker in turn.
 */
function request(
  url: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const sent = http.request(
      url,
      {
        method: options.method ?? "GET",
        agent: false,
        headers: {
          ...(body ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

const email = "owner@example.com";
const password = "A-long-passphrase-for-workers-9";

/** A new site served by two workers, its first admin made from the environment. */
async function twoWorkers(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-workers-"));
  const site = await siteDatabase(dataDir);
  const run = runServer({
    ...site.env,
    PORT: "0",
    WORKERS: "2",
    DEMO_MODE: "false",
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    ...env,
  });
  return { site, run };
}

describe("WORKERS=2", () => {
  it("serves from both workers, and a change made through either reaches both at once", async () => {
    // Each worker renders a staled page again at once (the default waits up
    // to 5 s after its last render: that throttle is page-cache.test's).
    const { site, run } = await twoWorkers({ PAGE_CACHE_MIN_RENDER_SECONDS: "0" });
    try {
      const url = await siteUrl(run, 60_000);
      // The data-directory lock still refuses a second site on the same folder.
      const second = runServer({ ...site.env, PORT: "0", WORKERS: "2" });
      expect(await second.exited).toBe(1);
      expect(second.output().stderr).toContain("is in use by another Beranda process");

      const signIn = await request(`${url}/api/auth/login`, {
        method: "POST",
        body: { email, password },
      });
      expect(signIn.status).toBe(200);
      const token = JSON.parse(signIn.body).token as string;
      const created = await request(`${url}/api/blog/posts`, {
        method: "POST",
        token,
        body: {
          title: "Shared By Workers",
          slug: "shared-by-workers",
          excerpt: "An excerpt.",
          content: "<p>Some content.</p>",
          status: "published",
        },
      });
      expect(created.status).toBe(201);
      const id = JSON.parse(created.body).data.id as number;
      const page = `${url}/blog/shared-by-workers`;

      // Each worker renders the page once and then answers it from its own cache (the
      // creation reached the other worker before the answer, through the primary; on
      // PostgreSQL its notification, arriving later, is not applied there again).
      const states: string[] = [];
      for (let i = 0; i < 4; i++) {
        const answer = await request(page);
        expect(answer.status).toBe(200);
        states.push(String(answer.headers["x-cache"]));
      }
      expect(states.filter((state) => state === "MISS")).toHaveLength(2);
      expect(states.filter((state) => state === "HIT")).toHaveLength(2);

      // An edit through one worker: no worker answers its old copy as fresh.
      const edited = await request(`${url}/api/blog/posts/${id}`, {
        method: "PUT",
        token,
        body: { title: "Edited Through One Worker" },
      });
      expect(edited.status).toBe(200);
      for (let i = 0; i < 4; i++) {
        const answer = await request(page);
        const fresh = answer.body.includes("Edited Through One Worker");
        const seen = `answer ${i}: ${answer.status}, X-Cache ${answer.headers["x-cache"]}`;
        expect(fresh || answer.headers["x-cache"] === "STALE", seen).toBe(true);
      }
      // And both show the edit once their background render is done.
      let freshInARow = 0;
      for (let i = 0; i < 200 && freshInARow < 4; i++) {
        const answer = await request(page);
        freshInARow = answer.body.includes("Edited Through One Worker") ? freshInARow + 1 : 0;
      }
      expect(freshInARow).toBe(4);

      // Unpublished through one worker: gone from every worker at once.
      const hidden = await request(`${url}/api/blog/posts/${id}`, {
        method: "PUT",
        token,
        body: { status: "draft" },
      });
      expect(hidden.status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await request(page)).status).toBe(404);

      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill("SIGKILL");
      await site.cleanup();
    }
  }, 120_000);

  it("sends a mail queued through either worker at once, not at the first worker's next round", async () => {
    const smtp = await startSmtpCatcher();
    const { site, run } = await twoWorkers({ SMTP_URL: smtp.url, MAIL_FROM: "site@example.com" });
    try {
      const url = await siteUrl(run, 60_000);
      const signIn = await request(`${url}/api/auth/login`, {
        method: "POST",
        body: { email, password },
      });
      const token = JSON.parse(signIn.body).token as string;
      // Invitations one after another, each on a connection of its own (the
      // workers take turns), each mail awaited before the next invitation. The
      // first worker looks for due mails when it starts and every 15 s: without
      // a sender of its own, a mail queued through the second waited for that.
      for (const name of ["ivy", "ian", "iris", "igor"]) {
        const answer = await request(`${url}/api/users/invite`, {
          method: "POST",
          token,
          body: {
            username: name,
            email: `${name}@example.com`,
            first_name: name,
            last_name: "Invited",
            role: "editor",
          },
        });
        expect(answer.status, answer.body).toBe(201);
        const deadline = Date.now() + 8_000;
        const sent = () => smtp.mails.some((mail) => mail.envelope.to[0] === `${name}@example.com`);
        while (!sent() && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(sent(), `the invitation of ${name} sent within seconds`).toBe(true);
      }
    } finally {
      run.child.kill("SIGTERM");
      await run.exited;
      await smtp.close();
      await site.cleanup();
    }
  }, 120_000);
});
