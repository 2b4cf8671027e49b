// Load benchmark: `npm run bench -- [baseUrl] [seconds] [connections]`.
// Requests the main pages and API calls of a running server for a fixed time
// with a fixed number of concurrent connections (loopback only), and prints
// requests/second and latency percentiles for each. Start the server first
// (`npm start`, or `DATA_DIR=tmp/bench npm run serve` after `npm run bench:data`).

const [base = "http://127.0.0.1:3000", secondsArg = "10", connectionsArg = "16"] =
  process.argv.slice(2);
const seconds = Number(secondsArg);
const connections = Number(connectionsArg);
const host = new URL(base).hostname;
if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
  console.error("bench: only a server on this machine (loopback) may be loaded");
  process.exit(1);
}

const TARGETS = [
  "/",
  "/blog",
  "/blog?page=2",
  "/services",
  "/api/blog/posts?limit=10",
  "/api/settings",
  "/rss.xml",
];

async function firstPostPath() {
  const json = (await (await fetch(`${base}/api/blog/posts?limit=1`)).json()) as {
    data: { posts: { slug: string }[] };
  };
  const slug = json.data.posts[0]?.slug;
  return slug ? [`/blog/${slug}`] : [];
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(path: string) {
  const url = `${base}${path}`;
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  async function worker() {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: { "accept-encoding": "br, gzip" } });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  return {
    path,
    "req/s": Math.round(latencies.length / seconds),
    "p50 ms": percentile(latencies, 50).toFixed(1),
    "p95 ms": percentile(latencies, 95).toFixed(1),
    "p99 ms": percentile(latencies, 99).toFixed(1),
    errors,
  };
}

const results = [];
for (const path of [...TARGETS, ...(await firstPostPath())]) results.push(await run(path));
console.table(results);

export {};
