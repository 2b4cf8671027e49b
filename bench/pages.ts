// Page quality: `npm run bench:pages -- [--posts 200] [--database sqlite|postgres]
//   [--url http://…] [--json FILE]`
//
// Runs Lighthouse (npm `lighthouse`, Debian's chromium) on the home page, the blog
// list, a post, a company page (/terms) and the About page, mobile and desktop, of a server it starts itself (built app,
// generated dataset, page cache on) or of --url; prints the four category scores,
// LCP, TBT, CLS and JavaScript transfer bytes, and the failing accessibility, best
// practices and SEO audits. Writes JSON, plus each full report (JSON and HTML) in
// tmp/bench/lighthouse/.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  BENCH_TMP,
  type Database,
  describeCheckout,
  discover,
  ensureBuild,
  ensureDataset,
  httpGet,
  installCleanup,
  positiveInt,
  ROOT,
  round,
  run,
  type Server,
  startServer,
  timestamp,
} from "./harness.ts";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Categories whose failing audits are listed by id. */
const AUDITED = ["accessibility", "best-practices", "seo"] as const;
const FORM_FACTORS = ["mobile", "desktop"] as const;
type FormFactor = (typeof FORM_FACTORS)[number];

/** The part of a Lighthouse result (LHR) this script reads. */
type Lhr = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        score: number | null;
        scoreDisplayMode: string;
        numericValue?: number;
        details?: { items?: { resourceType?: string; transferSize?: number }[] };
      }
    | undefined
  >;
};

type PageResult = {
  page: string;
  url: string;
  formFactor: FormFactor;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  scriptTransferBytes: number | null;
  totalTransferBytes: number | null;
  failing: Record<(typeof AUDITED)[number], string[]>;
  /** Performance metrics scoring under 0.9 and insights with possible savings (not scored). */
  performanceHints: string[];
  warnings: string[];
  report: string;
};

type Options = { posts: number; database: Database; url: string | undefined; json: string };

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      posts: { type: "string" },
      database: { type: "string", default: "sqlite" },
      url: { type: "string" },
      json: { type: "string" },
    },
  });
  if (values.database !== "sqlite" && values.database !== "postgres") {
    throw new Error(`--database must be sqlite or postgres, not ${values.database}`);
  }
  if (values.url !== undefined && !URL.canParse(values.url)) {
    throw new Error(`--url must be an address such as http://127.0.0.1:3000`);
  }
  return {
    posts: positiveInt("posts", values.posts, 200),
    database: values.database,
    url: values.url?.replace(/\/+$/, ""),
    json: path.resolve(values.json ?? path.join(BENCH_TMP, `pages-${timestamp()}.json`)),
  };
}

// Lighthouse's CLI launches chromium itself (detached). Every chromium it starts
// carries this otherwise meaningless flag, so that an interrupted run can find and
// kill exactly those processes by id.
const MARKER = `--beranda-bench-run=${process.pid}-${Date.now()}`;

function killMarkedChromium(): void {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(MARKER)) {
        process.kill(Number(entry), "SIGKILL");
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
}

async function ensureChromium(): Promise<void> {
  if (fs.existsSync(CHROME_PATH)) return;
  await run(process.execPath, [path.join(ROOT, "scripts", "ensure-chromium.ts")], {
    cwd: ROOT,
    env: { ...process.env, CHROMIUM_PATH: CHROME_PATH },
  });
}

async function lighthouse(
  page: string,
  url: string,
  formFactor: FormFactor,
  reportDir: string,
): Promise<PageResult> {
  const cli = fileURLToPath(import.meta.resolve("lighthouse/cli/index.js"));
  const base = path.join(reportDir, `${page}-${formFactor}`);
  const args = [
    cli,
    url,
    "--quiet",
    "--output=json",
    "--output=html",
    `--output-path=${base}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${[...CHROME_FLAGS, MARKER].join(" ")}`,
  ];
  if (formFactor === "desktop") args.push("--preset=desktop");
  const report = `${base}.report.json`;
  // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, …): retry.
  for (let attempt = 1; ; attempt++) {
    try {
      fs.rmSync(report, { force: true });
      await run(process.execPath, args, {
        cwd: ROOT,
        env: { ...process.env, CHROME_PATH },
        quiet: true,
      });
      const lhr = JSON.parse(fs.readFileSync(report, "utf8")) as Lhr;
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      return summarise(page, url, formFactor, lhr, report);
    } catch (error) {
      const message = (error as Error).message.split("\n").at(-1);
      if (attempt === 3) throw new Error(`Lighthouse on ${url} (${formFactor}): ${message}`);
      console.log(`  ${page} ${formFactor}: Lighthouse failed (${message}); trying again`);
      killMarkedChromium();
    }
  }
}

function summarise(
  page: string,
  url: string,
  formFactor: FormFactor,
  lhr: Lhr,
  report: string,
): PageResult {
  const score = (category: string) => {
    const value = lhr.categories[category]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (audit: string, digits = 0) => {
    const value = lhr.audits[audit]?.numericValue;
    return value === undefined ? null : round(value, digits);
  };
  const transfer = (resourceType: string) => {
    const items = lhr.audits["resource-summary"]?.details?.items ?? [];
    return items.find((item) => item.resourceType === resourceType)?.transferSize ?? null;
  };
  const failing = (category: string) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .map((ref) => ({ id: ref.id, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < 1 &&
          ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode),
      )
      .map(({ id }) => id);
  return {
    page,
    url,
    formFactor,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift", 3),
    scriptTransferBytes: transfer("script"),
    totalTransferBytes: transfer("total"),
    failing: {
      accessibility: failing("accessibility"),
      "best-practices": failing("best-practices"),
      seo: failing("seo"),
    },
    performanceHints: (lhr.categories.performance?.auditRefs ?? [])
      .filter(({ id }) => {
        const audit = lhr.audits[id];
        if (!audit || audit.score === null) return false;
        return audit.scoreDisplayMode === "metricSavings" ? audit.score < 1 : audit.score < 0.9;
      })
      .map(({ id }) => id),
    warnings: lhr.runWarnings ?? [],
    report: path.relative(ROOT, report),
  };
}

function table(results: PageResult[]): string {
  const header = [
    "page",
    "form",
    "perf",
    "a11y",
    "best pr.",
    "SEO",
    "LCP ms",
    "TBT ms",
    "CLS",
    "JS KB",
  ];
  const show = (value: number | null) => (value === null ? "-" : String(value));
  const rows = results.map((r) => [
    r.page,
    r.formFactor,
    show(r.scores.performance),
    show(r.scores.accessibility),
    show(r.scores["best-practices"]),
    show(r.scores.seo),
    show(r.lcpMs),
    show(r.tbtMs),
    show(r.cls),
    r.scriptTransferBytes === null ? "-" : (r.scriptTransferBytes / 1024).toFixed(1),
  ]);
  const widths = header.map((cell, i) =>
    Math.max(cell.length, 3, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  const rule = widths.map((width, i) => (i < 2 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`));
  return [line(header), `| ${rule.join(" | ")} |`, ...rows.map(line)].join("\n");
}

async function main() {
  installCleanup();
  process.on("exit", killMarkedChromium);
  const options = parseOptions();
  await ensureChromium();

  let server: Server | undefined;
  let base = options.url;
  let dataset: { posts: number; database: string } | undefined;
  if (!base) {
    const checkout = describeCheckout("current", ROOT);
    await ensureBuild(checkout);
    const ready = await ensureDataset(checkout, options.database, options.posts);
    dataset = { posts: ready.posts, database: ready.database };
    server = await startServer(checkout, ready, { logName: "pages" });
    base = server.url;
  }
  try {
    const { postSlug } = await discover(base);
    const pages = {
      home: "/",
      blog: "/blog",
      post: `/blog/${postSlug}`,
      page: "/terms",
      about: "/about",
    };
    const reportDir = path.join(BENCH_TMP, "lighthouse", timestamp());
    fs.mkdirSync(reportDir, { recursive: true });
    console.log(
      `Lighthouse on ${base} (chromium ${CHROME_PATH}); reports in ${path.relative(ROOT, reportDir)}`,
    );

    const results: PageResult[] = [];
    for (const [page, pagePath] of Object.entries(pages)) {
      const url = `${base}${pagePath}`;
      const warm = await httpGet(url, { "accept-encoding": "br, gzip" });
      if (warm.status !== 200) throw new Error(`GET ${url} answered ${warm.status}`);
      for (const formFactor of FORM_FACTORS) {
        const result = await lighthouse(page, url, formFactor, reportDir);
        const s = result.scores;
        console.log(
          `  ${page} ${formFactor}: ${s.performance} / ${s.accessibility} / ${s["best-practices"]} / ${s.seo}`,
        );
        results.push(result);
      }
    }

    console.log(`\n${table(results)}\n`);
    console.log("Failing audits (accessibility / best practices / SEO):");
    for (const r of results) {
      const failing = AUDITED.flatMap((category) =>
        r.failing[category].map((id) => `${category}: ${id}`),
      );
      console.log(
        `  ${r.page} ${r.formFactor}: ${failing.length > 0 ? failing.join(", ") : "none"}`,
      );
    }
    console.log("Performance: metrics under 0.9 and insights with savings:");
    for (const r of results) {
      const hints = r.performanceHints;
      console.log(`  ${r.page} ${r.formFactor}: ${hints.length > 0 ? hints.join(", ") : "none"}`);
    }

    const lighthouseVersion = (
      JSON.parse(fs.readFileSync(path.join(ROOT, results[0]!.report), "utf8")) as Lhr
    ).lighthouseVersion;
    const output = {
      date: new Date().toISOString(),
      target: options.url ?? "started by bench/pages.ts (page cache on)",
      dataset,
      lighthouse: lighthouseVersion,
      chromium: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      results,
    };
    fs.mkdirSync(path.dirname(options.json), { recursive: true });
    fs.writeFileSync(options.json, `${JSON.stringify(output, null, 2)}\n`);
    console.log(`\nJSON: ${path.relative(process.cwd(), options.json)}`);
  } finally {
    await server?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:pages: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
