import { describe, expect, it } from "vitest";
import {
  checkFetchable,
  imageUrlsIn,
  isPrivateAddress,
  originalImageUrl,
} from "#server/modules/content-import/media-urls.ts";

describe("imported images' addresses", () => {
  it("maps WordPress's resized copies to their original", () => {
    expect(
      originalImageUrl("https://old.example.com/wp-content/uploads/2023/01/harbour-300x200.jpg"),
    ).toBe("https://old.example.com/wp-content/uploads/2023/01/harbour.jpg");
    expect(
      originalImageUrl("https://old.example.com/wp-content/uploads/2023/01/big-photo-scaled.jpeg"),
    ).toBe("https://old.example.com/wp-content/uploads/2023/01/big-photo.jpeg");
    expect(originalImageUrl("https://i0.wp.com/old.example.com/a.png?w=640&ssl=1")).toBe(
      "https://i0.wp.com/old.example.com/a.png",
    );
    expect(originalImageUrl("https://old.example.com/a.png?version=2&w=10")).toBe(
      "https://old.example.com/a.png?version=2",
    );
    expect(originalImageUrl("https://old.example.com/files/report-2020x2021.pdf")).toBe(
      "https://old.example.com/files/report-2020x2021.pdf",
    );
  });

  it("collects src, srcset and links to images, absolute and once each", () => {
    const html =
      '<figure><a href="/wp-content/uploads/a.jpg"><img src="/wp-content/uploads/a-1024x768.jpg" srcset="/wp-content/uploads/a-300x225.jpg 300w, https://old.example.com/wp-content/uploads/a.jpg 1200w" alt=""></a></figure>' +
      '<p><img src=\'https://cdn.example.net/b.webp?w=300&amp;h=200\'><img src="data:image/png;base64,AAAA"><a href="/about/">About</a></p>';
    expect(imageUrlsIn(html, "https://old.example.com/2020/05/post/")).toEqual([
      "https://old.example.com/wp-content/uploads/a.jpg",
      "https://cdn.example.net/b.webp",
    ]);
  });

  it("never fetches loopback, private or link-local hosts unless the operator allows the host", async () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    expect(isPrivateAddress("93.184.216.34")).toBe(false);
    expect(isPrivateAddress("2606:2800:220:1::1")).toBe(false);

    const resolve = async (host: string) =>
      host === "internal.example" ? ["10.0.0.5"] : ["93.184.216.34"];
    expect(await checkFetchable("http://127.0.0.1:8080/a.jpg", [], resolve)).toEqual({
      ok: false,
      reason: "the host 127.0.0.1 is a private or local address",
    });
    expect(await checkFetchable("https://internal.example/a.jpg", [], resolve)).toEqual({
      ok: false,
      reason: "the host internal.example is a private or local address",
    });
    expect(await checkFetchable("file:///etc/passwd", [], resolve)).toEqual({
      ok: false,
      reason: "file addresses are not fetched",
    });
    expect(await checkFetchable("https://old.example.com/a.jpg", [], resolve)).toEqual({
      ok: true,
    });
    expect(
      await checkFetchable("http://127.0.0.1:8080/a.jpg", ["127.0.0.1:8080"], resolve),
    ).toEqual({ ok: true });
  });
});
