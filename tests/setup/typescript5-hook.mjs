// openapi-typescript prints with TypeScript 5's compiler API, which
// TypeScript 7 (our type checker, a native binary) no longer ships: its
// `import "typescript"` is answered with the typescript5 package.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(
    "export async function resolve(specifier, context, next) { return next(specifier === 'typescript' ? 'typescript5' : specifier, context); }",
  )}`,
  import.meta.url,
);
