import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server-process.ts";

/**
 * The example nginx site of docs/deploy.md (deploy/nginx/beranda.conf) with
 * only its ports changed: nginx listens on `port` in front of the instances
 * on `upstreams` (one or two), and the main file that includes it, with its
 * pid, logs and temporary files under `dir`. Answers the main file's path,
 * for `nginx -p dir -c <it> -g 'daemon off;'`. `locations` go into the
 * server block before the proxy's (bench/instances.ts: its static ceiling).
 * Used by tests/integration/deploy.test.ts and bench/instances.ts.
 */
export function writeDeployNginx(
  dir: string,
  options: { port: number; upstreams: number[]; locations?: string },
): string {
  const [first, second] = options.upstreams;
  let site = fs
    .readFileSync(path.join(ROOT, "deploy/nginx/beranda.conf"), "utf8")
    .replace("127.0.0.1:3001", `127.0.0.1:${first}`)
    .replace("listen 127.0.0.1:8080", `listen 127.0.0.1:${options.port}`);
  site = second
    ? site.replace("127.0.0.1:3002", `127.0.0.1:${second}`)
    : site.replace(/^.*127\.0\.0\.1:3002.*$/m, "");
  if (options.locations)
    site = site.replace("    location / {", `${options.locations}\n    location / {`);
  fs.writeFileSync(path.join(dir, "beranda.conf"), site);
  const main = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    main,
    [
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/nginx-error.log;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      `  include ${dir}/beranda.conf;`,
      "}",
    ].join("\n"),
  );
  return main;
}
