import { describe, expect, it } from "vitest";
import {
  autoParagraphs,
  convertWordPressContent,
  parseShortcodeAttributes,
} from "#server/modules/content-import/wordpress/wordpress-content.ts";

const attachments: Record<number, string> = {
  41: "https://old.example.com/wp-content/uploads/2023/01/harbour.jpg",
  42: "https://old.example.com/wp-content/uploads/2023/01/bridge.jpg",
};
const context = {
  attachmentUrl: (id: number) => attachments[id],
  attachmentAlt: (id: number) => `Image ${id}`,
};
const convert = (raw: string) => convertWordPressContent(raw, context);

describe("WordPress content into Beranda's HTML", () => {
  it("gives classic content its paragraphs and line breaks, leaving blocks and pre alone", () => {
    expect(
      autoParagraphs(
        "First line\nsame paragraph\n\nSecond paragraph\n\n<ul>\n<li>One</li>\n</ul>\n\n<pre>a\n\nb</pre>",
      ),
    ).toBe(
      "<p>First line<br>\nsame paragraph</p>\n<p>Second paragraph</p>\n<ul>\n<li>One</li>\n</ul>\n<pre>a\n\nb</pre>",
    );
  });

  it("removes Gutenberg block comments and keeps their HTML without adding paragraphs", () => {
    const raw =
      '<!-- wp:paragraph -->\n<p>Hello <strong>world</strong></p>\n<!-- /wp:paragraph -->\n\n<!-- wp:image {"id":41,"sizeSlug":"large"} -->\n<figure class="wp-block-image"><img src="x.jpg" alt=""/></figure>\n<!-- /wp:image -->\n<!-- wp:separator /-->';
    const { html } = convert(raw);
    expect(html).not.toContain("wp:");
    expect(html).toContain("<p>Hello <strong>world</strong></p>");
    expect(html).toContain('<figure class="wp-block-image"><img src="x.jpg" alt=""/></figure>');
    expect(html).not.toContain("<p><figure");
  });

  it("turns [caption] into a figure with its caption, a linked image included", () => {
    const { html } = convert(
      '[caption id="attachment_41" align="aligncenter" width="300"]<a href="/big.jpg"><img class="size-medium" src="https://old.example.com/wp-content/uploads/2023/01/harbour-300x200.jpg" alt="Harbour" width="300" height="200" /></a> The harbour at dawn[/caption]',
    );
    expect(html.replace(/>\s+</g, "><")).toBe(
      '<figure><a href="/big.jpg"><img class="size-medium" src="https://old.example.com/wp-content/uploads/2023/01/harbour-300x200.jpg" alt="Harbour" width="300" height="200" /></a><figcaption>The harbour at dawn</figcaption></figure>',
    );
  });

  it("turns [gallery ids] into the images it names and reports ids the export lacks", () => {
    const { html, report } = convert('[gallery columns="2" ids="41, 42,99"]');
    expect(html).toBe(
      '<figure><img src="https://old.example.com/wp-content/uploads/2023/01/harbour.jpg" alt="Image 41"></figure>\n<figure><img src="https://old.example.com/wp-content/uploads/2023/01/bridge.jpg" alt="Image 42"></figure>',
    );
    expect(report.missingGalleryIds).toEqual([99]);
  });

  it("makes [embed] and a video address alone on its line a link, leaving other addresses in text", () => {
    const { html } = convert(
      "Watch this:\n\nhttps://www.youtube.com/watch?v=abc123XYZ\n\n[embed]https://vimeo.com/76979871[/embed]\n\nRead https://example.org/page today.",
    );
    expect(html).toContain(
      '<p><a href="https://www.youtube.com/watch?v=abc123XYZ">Watch the video: https://www.youtube.com/watch?v=abc123XYZ</a></p>',
    );
    expect(html).toContain(
      '<a href="https://vimeo.com/76979871">Watch the video: https://vimeo.com/76979871</a>',
    );
    expect(html).toContain("<p>Read https://example.org/page today.</p>");
  });

  it("keeps unknown shortcodes as visible text and lists each once; [[escaped]] ones lose a bracket", () => {
    const { html, report } = convert(
      'Call us: [contact-form-7 id="5" title="Contact"]\n\n[button url="/x"]Go[/button] [contact-form-7 id="6"] and [[gallery]] literally.',
    );
    expect(html).toContain('[contact-form-7 id="5" title="Contact"]');
    expect(html).toContain('[button url="/x"]Go[/button]');
    expect(html).toContain("[gallery] literally.");
    expect(report.unknownShortcodes).toEqual(["contact-form-7", "button"]);
  });

  it("reads shortcode attributes in double, single or no quotes", () => {
    expect(parseShortcodeAttributes(` id="5" Title='A b' width=300`)).toEqual({
      id: "5",
      title: "A b",
      width: "300",
    });
  });
});
