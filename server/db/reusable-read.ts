import { type Compilable, type CompiledQuery, createQueryId, type RootOperationNode } from "kysely";
import { type Db, dialectOf } from "./client.ts";

/**
 * Reads that a page runs on every render, built and compiled by Kysely once
 * per shape instead of once per request: building and compiling the five
 * queries of a post page was about a tenth of its render (docs/performance.md,
 * "Hot reads compiled once").
 *
 * A read is defined once, at module level, by a function that builds it from
 * a `shape` (everything that decides what the SQL looks like: which
 * conditions, which plan, how many ids) and `values` (what only fills its
 * parameters: dates, ids, slugs, limits). The first time a shape is met the
 * read is built with stand-ins for the values and compiled; later reads of the
 * shape swap their values into the compiled parameters. A build that does
 * anything with a stand-in but pass it to the query (compare it with `<`, turn
 * it into text, call a method on it) throws inside, and that shape is then
 * simply built and compiled on every read, as any other query.
 *
 * The rules for a build: it decides only from `shape` and the number of items
 * in a list of `values`; it never tests a value with `===` or `typeof`. Falsy
 * values (0, "", null, undefined, false) and booleans are not stood in for:
 * they are passed as they are and belong to the shape, so a build may test
 * whether a value is there.
 */

/** What a read's values may hold. */
export type ReadValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly ReadValue[]
  | { readonly [name: string]: ReadValue };
type Values = { readonly [name: string]: ReadValue };

type Resolve = (values: Values) => unknown;

/** Stands in for a value while a read is built: any use but as a parameter throws. */
class StandIn {
  readonly resolve: Resolve;
  constructor(resolve: Resolve) {
    this.resolve = resolve;
  }
  [Symbol.toPrimitive](): never {
    throw new Error("A reusable read used a value in its SQL text or in a decision");
  }
  toJSON(): never {
    throw new Error("A reusable read turned a value into JSON");
  }
}

function isStoodIn(value: ReadValue): value is string | number {
  return (typeof value === "string" || typeof value === "number") && !!value;
}

/** The values with stand-ins for the ones that only fill parameters. */
function standInsFor(value: ReadValue, resolve: Resolve): unknown {
  if (isStoodIn(value)) return new StandIn(resolve);
  if (Array.isArray(value)) {
    return value.map((item, i) =>
      standInsFor(item, (values) => (resolve(values) as ReadValue[])[i]),
    );
  }
  if (value !== null && typeof value === "object") {
    const standIns: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      standIns[name] = standInsFor(
        (value as Values)[name],
        (values) => (resolve(values) as Values)[name],
      );
    }
    return standIns;
  }
  return value;
}

/** What of the values is part of the shape: the falsy ones, and how many items each list has. */
function keyOf(value: ReadValue): string {
  if (isStoodIn(value)) return "?";
  if (Array.isArray(value)) return `[${value.map(keyOf).join(",")}]`;
  if (value !== null && typeof value === "object") {
    let key = "{";
    for (const name of Object.keys(value)) key += `${name}:${keyOf((value as Values)[name])},`;
    return `${key}}`;
  }
  return value === undefined ? "~" : JSON.stringify(value);
}

/** How one compiled parameter is filled: as it was compiled, or from the read's values. */
function fillerOf(parameter: unknown): Resolve | null {
  if (parameter instanceof StandIn) return parameter.resolve;
  if (Array.isArray(parameter)) {
    const items = parameter.map(fillerOf);
    if (items.every((item) => item === null)) return null;
    return (values) => items.map((item, i) => (item ? item(values) : parameter[i]));
  }
  return null;
}

type Template = { sql: string; query: RootOperationNode; fill: (values: Values) => unknown[] };

const BUILT_EACH_TIME = "built each time" as const;
/** Shapes kept per read; a read with more starts over (a bound, not a working size). */
const MAX_SHAPES = 500;

function templateOf(compiled: CompiledQuery): Template {
  const fillers = compiled.parameters.map(fillerOf);
  const constants = compiled.parameters;
  return {
    sql: compiled.sql,
    query: compiled.query,
    fill: (values) => fillers.map((fill, i) => (fill ? fill(values) : constants[i])),
  };
}

export type ReusableRead<S, V extends Values, R> = (db: Db, shape: S, values: V) => Promise<R[]>;

export function reusableRead<S, V extends Values, R>(
  build: (db: Db, shape: S, values: V) => Compilable<R>,
): ReusableRead<S, V, R> {
  const templates = new Map<string, Template | typeof BUILT_EACH_TIME>();
  return async (db, shape, values) => {
    const key = `${dialectOf(db)}|${JSON.stringify(shape)}|${keyOf(values)}`;
    let template = templates.get(key);
    if (!template) {
      try {
        template = templateOf(build(db, shape, standInsFor(values, (v) => v) as V).compile());
      } catch {
        template = BUILT_EACH_TIME;
      }
      if (templates.size >= MAX_SHAPES) templates.clear();
      templates.set(key, template);
    }
    if (template === BUILT_EACH_TIME) {
      return (await db.executeQuery(build(db, shape, values).compile())).rows;
    }
    const compiled: CompiledQuery<R> = {
      sql: template.sql,
      query: template.query,
      queryId: createQueryId(),
      parameters: template.fill(values),
    };
    return (await db.executeQuery(compiled)).rows;
  };
}
