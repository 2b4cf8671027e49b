// Instances benchmark: `npm run bench:instances -- [--posts 200] [--duration 10] [--connections 50]`
//
// The read throughput of one and of two Beranda instances on one PostgreSQL database
// behind nginx, configured by deploy/nginx/beranda.conf (ports changed), against the
// ceiling of the same nginx serving the home page's bytes as a static file, all in one
// run (issue 26; docs/deploy.md). wrk rotates over the home page, the blog list, a post,
// the About page and the services page, with `Accept-Encoding: br, gzip`. Each instance
// runs one process (WORKERS=1), so "two instances" is also "two processes".
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeDeployNginx } from "#tests/setup/nginx.ts";
import {
  BENCH_TMP,
  describeCheckout,
  discover,
  ensureBuild,
  ensureDataset,
  freePort,
  httpGet,
  installCleanup,
  positiveInt,
  ROOT,
  requireDebianTool,
  round,
  type Server,
  sleep,
  spawnTracked,
  startServer,
  type Tracked,
} from "./harness.ts";
import { ACCEPT_ENCODING, findWrk, type WrkResult, wrk } from "./wrk.ts";

const { values } = parseArgs({
  options: {
    posts: { type: "string" },
    duration: { type: "string" },
    connections: { type: "string" },
  },
});
const posts = positiveInt("--posts", values.posts, 200);
const duration = positiveInt("--duration", values.duration, 10);
const connections = positiveInt("--connections", values.connections, 50);
const dir = path.join(BENCH_TMP, "instances");

/** nginx with deploy/nginx/beranda.conf in front of `upstreams`, and the ceiling's static file. */
async function startNginx(nginx: string, upstreams: number[], port: number): Promise<Tracked> {
  // The ceiling: the home page's bytes as a file, precompressed.
  const main = writeDeployNginx(dir, {
    port,
    upstreams,
    locations: `    location = /static/home.html {\n        root ${dir};\n        gzip_static on;\n    }\n`,
  });
  const tracked = spawnTracked(nginx, ["-p", dir, "-c", main, "-g", "daemon off;"], {
    cwd: ROOT,
    env: process.env,
  });
  for (let i = 0; i < 100; i++) {
    if ((await httpGet(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status === 200) {
      return tracked;
    }
    await sleep(100);
  }
  throw new Error(
    `nginx did not start: ${fs.readFileSync(path.join(dir, "nginx-error.log"), "utf8")}`,
  );
}

async function main() {
  installCleanup();
  await findWrk();
  const nginx = await requireDebianTool("nginx", ["nginx-light"]);
  const checkout = describeCheckout("this checkout", ROOT);
  await ensureBuild(checkout);
  const dataset = await ensureDataset(checkout, "postgres", posts);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "static"), { recursive: true });
  // The second instance: the same database, a data directory of its own.
  const secondDir = path.join(dir, "data-2");
  fs.cpSync(dataset.dataDir, secondDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== "beranda.lock",
  });
  const env = { WORKERS: "1", LOG_LEVEL: "warn" };
  const servers: Server[] = [
    await startServer(checkout, dataset, { logName: "instance-1", env }),
    await startServer(checkout, { ...dataset, dataDir: secondDir }, { logName: "instance-2", env }),
  ];
  const found = await discover(servers[0]!.url);
  const paths = ["/", "/blog", `/blog/${found.postSlug}`, "/about", "/services"];
  const home = await httpGet(`${servers[0]!.url}/`, { "accept-encoding": "identity" });
  fs.writeFileSync(path.join(dir, "static", "home.html"), home.body);
  const { gzipSync } = await import("node:zlib");
  fs.writeFileSync(path.join(dir, "static", "home.html.gz"), gzipSync(home.body, { level: 9 }));
  const script = path.join(dir, "paths.lua");
  fs.writeFileSync(
    script,
    [
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }`,
      "local i = 0",
      "request = function()",
      "  i = i % #paths + 1",
      '  return wrk.format("GET", paths[i])',
      "end",
    ].join("\n"),
  );

  const results: { phase: string; result: WrkResult }[] = [];
  const measure = async (phase: string, upstreams: number[], target: string, lua?: string) => {
    const port = await freePort();
    const proxy = await startNginx(nginx, upstreams, port);
    try {
      const url = `http://127.0.0.1:${port}${target}`;
      const options = { connections, acceptEncoding: true, script: lua };
      await wrk(url, { ...options, seconds: 3 }); // warm-up: JIT, page caches, connections
      results.push({ phase, result: await wrk(url, { ...options, seconds: duration }) });
    } finally {
      await proxy.stop();
    }
  };
  const ports = servers.map((server) => server.port);
  await measure("nginx, static home page (ceiling)", ports, "/static/home.html");
  await measure("one instance behind nginx", ports.slice(0, 1), "/", script);
  await measure("two instances behind nginx", ports, "/", script);
  for (const server of servers) await server.stop();

  const ceiling = results[0]!.result.reqPerSec;
  console.log(
    `\n${posts} posts on PostgreSQL; wrk -t2 -c${connections} -d${duration}s, Accept-Encoding: ${ACCEPT_ENCODING}; paths ${paths.join(" ")}\n`,
  );
  console.log("| target | req/s | p50 ms | p99 ms | errors | of the ceiling |");
  console.log("|---|---|---|---|---|---|");
  for (const { phase, result } of results) {
    console.log(
      `| ${phase} | ${result.reqPerSec} | ${result.p50Ms} | ${result.p99Ms} | ${result.errors} | ${round((result.reqPerSec / ceiling) * 100)}% |`,
    );
  }
  return results.every(({ result }) => result.errors === 0);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
