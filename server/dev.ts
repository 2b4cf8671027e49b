// `npm run dev`: the same server with Vite in middleware mode, so the app
// reloads on change (HMR) without a build. Server code changes restart it
// (node --watch). Development only: the CSP allows Vite's inline scripts.
process.env.NODE_ENV = "development";
// Development works on the demo content unless told otherwise (DEMO_MODE=false),
// and without the page cache, so edited components show on the next request.
process.env.DEMO_MODE ??= "true";
process.env.PAGE_CACHE ??= "off";

const http = await import("node:http");
const { getRequestListener } = await import("@hono/node-server");
const { createServer } = await import("vite");
const { createApp } = await import("./app.ts");
const { prepareDatabase } = await import("./boot.ts");
const { ConfigError, loadConfig } = await import("./config.ts");
const { createLogger } = await import("./logger.ts");
const { devPageHandler } = await import("./ssr.ts");

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`beranda: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel);
const { handle, seed } = await prepareDatabase(config, logger);
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const pages = devPageHandler(
  () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
);
const { fetch: handleRequest, services } = createApp({
  config,
  db: handle.db,
  writes: handle.writes,
  logger,
  pages,
  development: true,
});
const listener = getRequestListener(handleRequest);
void services.registrations.start();
services.mailSender.start();
const setupToken =
  !config.demoMode && (await services.setup.isSetupNeeded())
    ? services.setup.issueSetupToken()
    : null;

http
  .createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)))
  .listen(config.port, config.host, () => {
    console.log(`\n  Beranda (development) at http://${config.host}:${config.port}`);
    if (seed.demoAdmin)
      console.log(`  Demo admin: ${seed.demoAdmin.email} / ${seed.demoAdmin.password}\n`);
    if (setupToken) {
      console.log(
        `  Create the first admin: http://${config.host}:${config.port}/setup?token=${setupToken}\n`,
      );
    }
  });

export {};
