// Entry point. React picks its production build from NODE_ENV when first
// loaded, so the default is set before anything imports it.
process.env.NODE_ENV ??= "production";
await import("./start.ts");

export {};
