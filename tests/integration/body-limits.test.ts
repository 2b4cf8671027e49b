import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/** A body of `size` bytes, streamed, with no Content-Length to trust. */
function streamed(size: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  const block = new Uint8Array(chunk).fill(0x61);
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk;
      controller.enqueue(block);
    },
  });
}

describe("request bodies are bounded before they are read", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a page's form post is limited to 64 KB", async () => {
    const form = new URLSearchParams({
      name: "Visitor",
      email: "visitor@example.com",
      subject: "Big",
      message: "m".repeat(100 * 1024),
    });
    const response = await t.request("/contact", { method: "POST", body: form });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("Request body is too large");
  });

  it("a page's streamed post is cut off at 64 KB too", async () => {
    const response = await t.request("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: streamed(1024 * 1024),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("only the upload call itself takes an upload-sized body", async () => {
    const declared = await t.request("/api/blog/posts/upload", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(6 * 1024 * 1024) },
      body: "x".repeat(6 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).message).toBe("Request body is too large");
  });

  it("a body for a call that does not exist is not read: 404, not a NUL refusal", async () => {
    const response = await t.request("/api/no-such-call", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "a\u0000b" }),
    });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe("No API route for POST /api/no-such-call");
  });

  it("NUL in the JSON of a real call is refused with 400", async () => {
    const response = await t.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "a\u0000b",
        email: "a@example.com",
        subject: "S",
        message: "M",
      }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Text must not contain NUL characters");
  });
});
