import { expect } from "vitest";
import type { Role, UserStatus } from "#common/enums.ts";
import type { User } from "#common/types.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { insertUser } from "#server/modules/users/users.repository.ts";
import type { TestApp } from "#tests/setup/test-app.ts";

/** The password every factory user gets unless told otherwise. */
export const DEFAULT_PASSWORD = "Correct-Horse-42";

/** An admin for calling services directly (no account behind it: the audit log says "User #0"). */
export const SITE_OWNER = { id: 0, role: "admin" } as const;

// argon2 is slow on purpose: hash the default password once per test file.
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

let counter = 0;
/** A short name unique within the process: letters, digits and dashes only. */
export function unique(prefix = "x"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}`;
}

export type ApiResult = { status: number; body: any; response: Response };

export type CallOptions = {
  token?: string;
  /** A JSON body (objects, arrays, null) or a FormData for multipart. */
  body?: unknown;
  /** A body sent as it is, without a content type unless given in headers. */
  raw?: BodyInit;
  headers?: Record<string, string>;
};

export function authHeaders(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** RequestInit parts for a JSON body. */
export function jsonBody(value: unknown): { headers: Record<string, string>; body: string } {
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(value) };
}

/** One API call: `url` is under /api (the prefix may be left out). */
export async function call(
  t: TestApp,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = { ...authHeaders(options.token) };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    const json = jsonBody(options.body);
    Object.assign(headers, json.headers);
    body = json.body;
  } else if (options.raw !== undefined) {
    body = options.raw;
  }
  Object.assign(headers, options.headers);
  const path = url.startsWith("/api/") || url === "/api" ? url : `/api${url}`;
  const response = await t.request(path, { method, headers, body });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, response };
}

export const get = (t: TestApp, url: string, options?: CallOptions) => call(t, "GET", url, options);
export const post = (t: TestApp, url: string, options?: CallOptions) =>
  call(t, "POST", url, options);
export const put = (t: TestApp, url: string, options?: CallOptions) => call(t, "PUT", url, options);
export const patch = (t: TestApp, url: string, options?: CallOptions) =>
  call(t, "PATCH", url, options);
export const del = (t: TestApp, url: string, options?: CallOptions) =>
  call(t, "DELETE", url, options);

/** The failure envelope with this status (and message, when given). */
export function expectError(result: ApiResult, status: number, message?: string) {
  const detail = `${status} expected, got ${result.status}: ${JSON.stringify(result.body)?.slice(0, 500)}`;
  expect(result.status, detail).toBe(status);
  expect(result.body?.success, detail).toBe(false);
  expect(typeof result.body?.message, detail).toBe("string");
  if (message !== undefined) expect(result.body.message, detail).toBe(message);
}

/** A 400 naming this field with this message. */
export function expectFieldError(result: ApiResult, field: string, message: string) {
  expectError(result, 400);
  expect(result.body.errors?.[field], JSON.stringify(result.body)).toBe(message);
}

/** A 4xx in the failure envelope: anything but a crash. */
export function expectClientError(result: ApiResult, label = "") {
  const detail = `${label ? `${label}: ` : ""}4xx expected, got ${result.status}: ${JSON.stringify(result.body)?.slice(0, 500)}`;
  expect(result.status, detail).toBeGreaterThanOrEqual(400);
  expect(result.status, detail).toBeLessThan(500);
  expect(result.body?.success, detail).toBe(false);
  expect(typeof result.body?.message, detail).toBe("string");
  expect(result.body.message.length, detail).toBeGreaterThan(0);
}

/** A success envelope with this status. */
export function expectOk(result: ApiResult, status = 200) {
  const detail = `${status} expected, got ${result.status}: ${JSON.stringify(result.body)?.slice(0, 500)}`;
  expect(result.status, detail).toBe(status);
  expect(result.body?.success, detail).toBe(true);
}

/** Any 2xx success envelope (for calls whose exact success status the contract leaves open). */
export function expectSuccess(result: ApiResult) {
  const detail = `2xx expected, got ${result.status}: ${JSON.stringify(result.body)?.slice(0, 500)}`;
  expect(result.status, detail).toBeGreaterThanOrEqual(200);
  expect(result.status, detail).toBeLessThan(300);
  expect(result.body?.success, detail).toBe(true);
}

export type UserOptions = {
  role?: Role;
  status?: UserStatus;
  username?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  password?: string;
};

export type CreatedUser = { user: User; email: string; password: string };
export type Account = CreatedUser & { token: string; id: number };

/** A user inserted straight into the database (no API call). */
export async function createUser(t: TestApp, options: UserOptions = {}): Promise<CreatedUser> {
  const role = options.role ?? "author";
  const username = options.username ?? unique(role).replace(/-/g, "_");
  const email = options.email ?? `${username}@example.com`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const user = await insertUser(
    t.db,
    {
      username,
      email,
      first_name: options.first_name ?? role[0]!.toUpperCase() + role.slice(1),
      last_name: options.last_name ?? "Tester",
      role,
      status: options.status ?? "active",
      password_hash: await passwordHash(password),
    },
    new Date().toISOString(),
  );
  return { user, email: email.toLowerCase(), password };
}

/** Signs in through POST /api/auth/login and answers the bearer token. */
export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const result = await post(t, "/auth/login", { body: { email, password } });
  if (result.status !== 200 || typeof result.body?.token !== "string") {
    throw new Error(`login failed for ${email}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.token;
}

/** A user of this role, signed in. */
export async function createAccount(
  t: TestApp,
  role: Role,
  options: Omit<UserOptions, "role"> = {},
): Promise<Account> {
  const created = await createUser(t, { ...options, role });
  const token = await login(t, created.email, created.password);
  return { ...created, token, id: created.user.id };
}

export type Accounts = { admin: Account; editor: Account; author: Account; otherAuthor: Account };

/** One signed-in user of each role, plus a second author. */
export async function createAccounts(t: TestApp): Promise<Accounts> {
  const admin = await createAccount(t, "admin");
  const editor = await createAccount(t, "editor");
  const author = await createAccount(t, "author");
  const otherAuthor = await createAccount(t, "author");
  return { admin, editor, author, otherAuthor };
}

/** A valid post body: published now, unique slug. */
export function postBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const slug = unique("post");
  return {
    title: `Post ${slug}`,
    slug,
    excerpt: "A short excerpt.",
    content: "<p>Some content for the post.</p>",
    status: "published",
    ...overrides,
  };
}

/** Creates a post through the API and answers it (fails the test on a refusal). */
export async function createPost(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const result = await post(t, "/blog/posts", { token, body: postBody(overrides) });
  if (result.status !== 201) {
    throw new Error(`createPost failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

export async function createCategory(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const name = unique("Category");
  const result = await post(t, "/blog/categories", { token, body: { name, ...overrides } });
  if (result.status >= 300) {
    throw new Error(`createCategory failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

export async function createTag(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const name = unique("tag");
  const result = await post(t, "/blog/tags", { token, body: { name, ...overrides } });
  if (result.status >= 300) {
    throw new Error(`createTag failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

export async function createService(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const slug = unique("service");
  const result = await post(t, "/services", {
    token,
    body: { title: `Service ${slug}`, slug, description: "What we do.", ...overrides },
  });
  if (result.status >= 300) {
    throw new Error(`createService failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

export async function createGalleryCategory(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const result = await post(t, "/gallery/categories", {
    token,
    body: { name: unique("Album"), ...overrides },
  });
  if (result.status >= 300) {
    throw new Error(
      `createGalleryCategory failed: ${result.status} ${JSON.stringify(result.body)}`,
    );
  }
  return result.body.data;
}

export async function createGalleryImage(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const result = await post(t, "/gallery/images", {
    token,
    body: { title: unique("Image"), url: "/uploads/example.png", ...overrides },
  });
  if (result.status >= 300) {
    throw new Error(`createGalleryImage failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

/** Sends the public contact form; answers nothing (the id comes from the staff list). */
export async function sendContactMessage(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const body = {
    name: "Visitor",
    email: "visitor@example.com",
    subject: unique("Subject"),
    message: "Hello there.",
    ...overrides,
  };
  const result = await post(t, "/contact", { body });
  if (result.status !== 201) {
    throw new Error(`contact failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return body;
}

/** An ISO date-time `minutes` from now (negative: in the past). */
export function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/** A multipart body with one file under `field` (default `image`). */
export function imageForm(
  bytes: Uint8Array | string,
  fileName: string,
  type: string,
  field = "image",
): FormData {
  const form = new FormData();
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  form.append(field, new File([data as BlobPart], fileName, { type }));
  return form;
}

/** A PNG of one colour, made with sharp. */
export async function pngImage(width: number, height: number, background: string) {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Uploads an image through `POST /api/upload` (expects 201); answers the stored upload. */
export async function uploadImage(
  t: TestApp,
  token: string,
  bytes: Uint8Array,
  fileName: string,
): Promise<{ id: number; url: string }> {
  const response = await t.request("/api/upload", {
    method: "POST",
    headers: authHeaders(token),
    body: imageForm(bytes, fileName, "image/png"),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number; url: string } }).data;
}
