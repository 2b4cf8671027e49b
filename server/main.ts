// Entry point. React picks its production build from NODE_ENV when first
// loaded, so the default is set before anything imports it.
process.env.NODE_ENV ??= "production";
// `npm run demo`: the demo site, with its content and demo accounts.
if (process.argv.includes("--demo")) process.env.DEMO_MODE ??= "true";
await import("./start.ts");

export {};
