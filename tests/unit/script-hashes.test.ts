import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createNonce, hashPolicy, noncePolicy } from "#server/http/security.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const NONCE = "c2NyaXB0LW5vbmNlLTEyMw==";
const policy = noncePolicy(NONCE);

describe("the policy of a stored page (hashPolicy)", () => {
  it("allows the scripts the render emitted with its nonce, and no injected script", () => {
    const ours = "window.__ours = 1;";
    const theme = "document.documentElement.classList.toggle('dark', false);";
    const injected = "alert(document.cookie)";
    const html = [
      `<html><head><script nonce="${NONCE}">${theme}</script></head><body>`,
      `<article><p>Hello</p><script>${injected}</script></article>`,
      `<script type="module" nonce="${NONCE}">${ours}</script>`,
      "</body></html>",
    ].join("");

    const stored = hashPolicy(html, policy);

    expect(stored).toContain(hash(ours));
    expect(stored).toContain(hash(theme));
    expect(stored).not.toContain(hash(injected));
    expect(stored).not.toContain("'nonce-");
  });

  it("does not hash a script that carries some other nonce, or the nonce in another attribute", () => {
    const html = [
      `<script nonce="guessed">alert(1)</script>`,
      `<script data-nonce="${NONCE}">alert(2)</script>`,
      `<script title='nonce="${NONCE}"'>alert(3)</script>`,
      `<script nonce="${NONCE}x">alert(4)</script>`,
    ].join("");

    const stored = hashPolicy(html, policy);

    for (const body of ["alert(1)", "alert(2)", "alert(3)", "alert(4)"]) {
      expect(stored).not.toContain(hash(body));
    }
    expect(stored).toMatch(/script-src 'self';/);
  });

  it("allows nothing inline when the rendered policy had no nonce", () => {
    const stored = hashPolicy(
      `<script nonce="${NONCE}">alert(1)</script>`,
      noncePolicy(NONCE).replace(/ 'nonce-[^']*'/, ""),
    );
    expect(stored).not.toContain("'sha256-");
  });
});

describe("the nonce of a rendered page (createNonce)", () => {
  it("is 16 random bytes, never the same twice, also past a refill of its pool", () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
