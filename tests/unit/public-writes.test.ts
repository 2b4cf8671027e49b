import { describe, expect, it } from "vitest";
import { changeOfWrite, changeOfWrites } from "#server/cache/public-writes.ts";

const NOW = "2026-11-25T12:00:00.000Z";

describe("what a committed write changes for visitors", () => {
  it("leaves the pages alone for what an editor writes beside a document: autosaves, revisions, preview links", () => {
    for (const table of ["autosaves", "revisions", "preview_links"]) {
      expect(
        changeOfWrite({ table, kind: "insert", columns: ["data"], ids: [3], values: {} }, NOW),
      ).toBeNull();
    }
  });

  it("stales an edited post's own tag and the lists, nothing else", () => {
    expect(
      changeOfWrite(
        {
          table: "posts",
          kind: "update",
          columns: ["title", "status", "published_at"],
          ids: [7],
          values: { title: "New", status: "published", published_at: "2026-11-01T00:00:00.000Z" },
        },
        NOW,
      ),
    ).toEqual({ stale: ["post:7", "posts"], purge: [] });
  });

  it("stales only what shows a post, and what reads posts by their fields, when its text changes", () => {
    for (const columns of [["title"], ["content", "excerpt", "updated_at", "version"], ["slug"]]) {
      expect(
        changeOfWrite({ table: "posts", kind: "update", columns, ids: [7], values: {} }, NOW),
        columns.join(),
      ).toEqual({ stale: ["post:7", "table:posts"], purge: [] });
    }
    // Featured, or another author: the lists that hold it change.
    for (const columns of [["is_featured"], ["author_id", "title"]]) {
      expect(
        changeOfWrite({ table: "posts", kind: "update", columns, ids: [7], values: {} }, NOW)
          ?.stale,
        columns.join(),
      ).toContain("posts");
    }
  });

  it("purges a post that is unpublished, scheduled for later or deleted", () => {
    for (const values of [
      { status: "draft" },
      { published_at: "2027-01-01T00:00:00.000Z" },
      { published_at: null },
    ]) {
      const change = changeOfWrite(
        { table: "posts", kind: "update", columns: Object.keys(values), ids: [7], values },
        NOW,
      );
      expect(change?.purge, JSON.stringify(values)).toEqual(["post:7"]);
    }
    expect(
      changeOfWrite({ table: "posts", kind: "delete", columns: null, ids: [3, 4] }, NOW)?.purge,
    ).toEqual(["post:3", "post:4"]);
  });

  it("counts a value it cannot read as a removal", () => {
    const change = changeOfWrite(
      { table: "pages", kind: "update", columns: ["status"], ids: [2], values: {} },
      NOW,
    );
    expect(change?.purge).toEqual(["page:2"]);
  });

  it("stales everything for settings and for a write it cannot place", () => {
    expect(changeOfWrite({ table: "settings", kind: "insert", columns: null }, NOW)).toEqual({
      stale: ["site"],
      purge: [],
    });
    expect(
      changeOfWrite({ table: "posts", kind: "update", columns: ["title"], values: {} }, NOW),
    ).toEqual({ stale: ["site"], purge: [] });
    expect(
      changeOfWrite(
        {
          table: "users",
          kind: "update",
          columns: ["status"],
          ids: [1],
          values: { status: "inactive" },
        },
        NOW,
      ),
    ).toEqual({ stale: [], purge: ["site"] });
  });

  it("puts a post's new category on that category's related lists", () => {
    expect(
      changeOfWrite(
        {
          table: "post_categories",
          kind: "insert",
          columns: null,
          ids: [7],
          refs: { post_id: [7], category_id: [3] },
        },
        NOW,
      ),
    ).toEqual({ stale: ["post:7", "posts", "related", "category:3"], purge: [] });
  });

  it("ignores what no visitor sees: sessions, messages, views, sign-in times, new accounts, passwords, roles", () => {
    expect(
      changeOfWrites(
        [
          { table: "sessions", kind: "insert", columns: null },
          { table: "contact_messages", kind: "insert", columns: null },
          { table: "audit_logs", kind: "insert", columns: null },
          { table: "posts", kind: "update", columns: ["views"], ids: [1], values: {} },
          { table: "users", kind: "update", columns: ["last_login"], ids: [1], values: {} },
          { table: "users", kind: "insert", columns: null },
          {
            table: "users",
            kind: "update",
            columns: ["password_hash", "updated_at"],
            ids: [1],
            values: {},
          },
          { table: "users", kind: "update", columns: ["role", "email"], ids: [1], values: {} },
        ],
        NOW,
      ),
    ).toBeNull();
  });

  it("stales every page for a change of an author's name, and for a write it cannot read", () => {
    const renamed = { table: "users", kind: "update", ids: [1], values: {} } as const;
    expect(changeOfWrite({ ...renamed, columns: ["first_name", "updated_at"] }, NOW)).toEqual({
      stale: ["site"],
      purge: [],
    });
    expect(changeOfWrite({ ...renamed, columns: null }, NOW)).toEqual({
      stale: ["site"],
      purge: [],
    });
    expect(changeOfWrite({ table: "users", kind: "delete", columns: null, ids: [1] }, NOW)).toEqual(
      {
        stale: [],
        purge: ["site"],
      },
    );
  });

  it("tags any other table by name", () => {
    expect(
      changeOfWrite(
        {
          table: "team_members",
          kind: "update",
          columns: ["name"],
          ids: [1],
          values: { name: "A" },
        },
        NOW,
      ),
    ).toEqual({ stale: ["table:team_members"], purge: [] });
    expect(
      changeOfWrite({ table: "services", kind: "delete", columns: null, ids: [1] }, NOW),
    ).toEqual({ stale: [], purge: ["table:services"] });
  });
});
