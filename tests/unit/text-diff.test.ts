import { describe, expect, it } from "vitest";
import { COMPARE_LABELS, compareFields } from "#app/features/admin/compare/compare-fields.ts";
import { diffText, htmlToReadableText } from "#app/features/admin/compare/text-diff.ts";
import { revisionCompareFields } from "#app/features/admin/revisions/revision-fields.ts";
import type { Post } from "#common/types.ts";

describe("the compare view's text difference", () => {
  it("reads rich-text HTML as paragraphs of plain words", () => {
    expect(
      htmlToReadableText(
        '<h2>Our plan</h2><p>We build <strong>bridges</strong> &amp; roads.</p><p><img src="/u/a.webp" alt="A bridge"></p>',
      ),
    ).toBe("Our plan\nWe build bridges & roads.\n[image: A bridge]");
  });

  it("marks the words that were removed and added, keeping the rest", () => {
    const parts = diffText("We build strong bridges", "We build light bridges");
    expect(parts.filter((p) => p.change === "removed").map((p) => p.text.trim())).toEqual([
      "strong",
    ]);
    expect(parts.filter((p) => p.change === "added").map((p) => p.text.trim())).toEqual(["light"]);
    expect(
      parts
        .filter((p) => p.change === "same")
        .map((p) => p.text)
        .join(""),
    ).toContain("We build");
  });
});

describe("the fields Compare shows", () => {
  it("shows a post's alt text, featured flag and social image in an edit conflict too", () => {
    const theirs = {
      title: "Bridges",
      featured_image_alt: "A stone bridge",
      isFeatured: true,
      og_image: "/uploads/b.webp",
      categories: ["News", "Works"],
      tags: "stone, river",
    };
    const mine = { ...theirs, featured_image_alt: "A bridge", isFeatured: false };
    const fields = compareFields(COMPARE_LABELS.post, theirs, mine);
    const changed = fields.filter((f) => f.before !== f.after);
    expect(changed).toEqual([
      { label: "Image alt text", before: "A stone bridge", after: "A bridge" },
      { label: "Featured post", before: "Yes", after: "No" },
    ]);
    expect(fields.find((f) => f.label === "Categories")).toMatchObject({ before: "News, Works" });
    expect(fields.find((f) => f.label === "Tags")).toMatchObject({ after: "stone, river" });
  });

  it("compares a revision with the post as it is: term names, content as words, missing as empty", () => {
    const post = {
      id: 1,
      title: "Bridges",
      content: "<p>Stone &amp; steel</p>",
      categories: [{ id: 3, name: "Works", slug: "works" }],
      tags: [{ id: 4, name: "river", slug: "river" }],
      published_at: null,
    } as unknown as Post;
    const fields = revisionCompareFields(
      { type: "post", document: post },
      { title: "Bridges", content: "<p>Stone</p>", categories: ["News"], tags: ["river"] },
    );
    const byLabel = Object.fromEntries(fields.map((f) => [f.label, f]));
    expect(byLabel.Content).toMatchObject({ before: "Stone", after: "Stone & steel" });
    expect(byLabel.Categories).toMatchObject({ before: "News", after: "Works" });
    expect(byLabel.Tags).toMatchObject({ before: "river", after: "river" });
    expect(byLabel["Social image"]).toMatchObject({ before: "", after: "" });
  });

  it("leaves out of a revision's compare what a restore keeps: slug, status, date, featured", () => {
    const post = {
      id: 1,
      title: "Bridges",
      slug: "bridges-renamed",
      status: "published",
      published_at: "2026-12-01T10:00:00.000Z",
      isFeatured: true,
      content: "<p>Stone</p>",
      categories: [],
      tags: [],
    } as unknown as Post;
    const fields = revisionCompareFields({ type: "post", document: post }, {
      title: "Bridges",
      slug: "bridges",
      status: "draft",
      published_at: null,
      isFeatured: false,
      content: "<p>Stone</p>",
    } as never);
    const labels = fields.map((f) => f.label);
    for (const kept of ["Slug", "Status", "Publish date", "Featured post"]) {
      expect(labels).not.toContain(kept);
    }
    expect(labels).toContain("Title");
  });
});
