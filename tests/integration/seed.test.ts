import { describe, expect, it } from "vitest";
import { ABOUT_STARTER } from "#common/about-starter.ts";
import { migrateDownTo, migrateToLatest } from "#server/db/migrate.ts";
import { STARTER_TEAM } from "#server/seed/starter-content.ts";
import { SITE_OWNER } from "#tests/factories/index.ts";
import { createTestApp, TEST_DB } from "#tests/setup/test-app.ts";

// Demo seeding makes the demo images: slow on a busy two-core machine.
describe("seeding", { timeout: 90_000 }, () => {
  it("seeds settings and the five footer services in every mode, once", async () => {
    const first = await createTestApp();
    try {
      const services = await first.services.services.listServices();
      expect(services.map((s) => s.slug)).toEqual([
        "web-development",
        "app-development",
        "ui-ux-design",
        "digital-marketing",
        "consulting",
      ]);
      expect(first.seed.demoAdmin).toBeNull();
      const users = await first.db.selectFrom("users").select("id").execute();
      expect(users).toHaveLength(0);

      // Staff edit the starter content, then the site restarts.
      await first.db
        .updateTable("services")
        .set({ title: "Websites" })
        .where("slug", "=", "web-development")
        .execute();
      await first.db.deleteFrom("services").where("slug", "=", "consulting").execute();
      await first.services.settings.updateSettingsSection(SITE_OWNER, "general", {
        siteTitle: "Acme",
      });
      await first.close({ keep: true });

      const again = await createTestApp({
        reuse: { dataDir: first.dataDir, schema: first.schema },
      });
      try {
        const after = await again.services.services.listServices();
        expect(after).toHaveLength(4);
        expect(after[0]!.title).toBe("Websites");
        const general = await again.services.settings.getSettingsSection("general");
        expect(general.siteTitle).toBe("Acme");
      } finally {
        await again.close();
      }
    } catch (error) {
      await first.close().catch(() => {});
      throw error;
    }
  });

  it("gives a fresh site the About page's starter texts and team, once", async () => {
    const first = await createTestApp();
    try {
      expect(await first.services.settings.getSettingsSection("about")).toEqual(ABOUT_STARTER);
      const team = await first.services.team.listPublicTeamMembers();
      expect(team.map((m) => [m.name, m.role, m.bio])).toEqual(
        STARTER_TEAM.map((m) => [m.name, m.role, m.bio]),
      );
      // Staff change the texts, rename one member and delete another: a restart keeps that.
      await first.services.settings.updateSettingsSection(SITE_OWNER, "about", {
        mission: "Our own mission.",
      });
      await first.services.team.updateTeamMember(SITE_OWNER, team[0]!.id, { name: "Rina" });
      await first.services.team.deleteTeamMember(SITE_OWNER, team[1]!.id);
      await first.close({ keep: true });
      const again = await createTestApp({
        reuse: { dataDir: first.dataDir, schema: first.schema },
      });
      try {
        expect((await again.services.settings.getSettingsSection("about")).mission).toBe(
          "Our own mission.",
        );
        const after = await again.services.team.listPublicTeamMembers();
        expect(after.map((m) => m.name)).toEqual(["Rina", STARTER_TEAM[2]!.name]);
      } finally {
        await again.close();
      }
    } catch (error) {
      await first.close().catch(() => {});
      throw error;
    }
  });

  it("an older site gets the About page it showed before: the starter texts and team, once", async () => {
    const old = await createTestApp();
    const reuse = { dataDir: old.dataDir, schema: old.schema };
    try {
      // The site as it was before the About page was editable: no team table,
      // no about section, nothing in the seeding record about either.
      await migrateDownTo(old.db, "2026_11_24_0002_account_tokens_account_email");
      await old.db.deleteFrom("settings").where("section", "=", "about").execute();
      const system = await old.db
        .selectFrom("settings")
        .select("data")
        .where("section", "=", "system")
        .executeTakeFirstOrThrow();
      const { teamSeededAt: _, ...before } = JSON.parse(system.data);
      expect(before.starterSeededAt).toBeTruthy();
      await old.db
        .updateTable("settings")
        .set({ data: JSON.stringify(before) })
        .where("section", "=", "system")
        .execute();
      await old.close({ keep: true });

      // The upgrade: the first start with this version.
      const upgraded = await createTestApp({ reuse });
      const team = await upgraded.services.team.listPublicTeamMembers();
      expect(team.map((m) => m.name)).toEqual(STARTER_TEAM.map((m) => m.name));
      expect(await upgraded.services.settings.getSettingsSection("about")).toEqual(ABOUT_STARTER);
      const page = await (await upgraded.request("/about")).text();
      expect(page).toContain("Alya Pratama");
      expect(page).toContain(ABOUT_STARTER.vision);
      // The company removes the starter team; the next start does not bring it back.
      for (const member of team)
        await upgraded.services.team.deleteTeamMember(SITE_OWNER, member.id);
      await upgraded.close({ keep: true });
      const later = await createTestApp({ reuse });
      try {
        expect(await later.services.team.listPublicTeamMembers()).toEqual([]);
      } finally {
        await later.close();
      }
    } catch (error) {
      await old.close().catch(() => {});
      throw error;
    }
  });

  it("seeds demo content in demo mode and shuts the demo accounts outside it", async () => {
    const demo = await createTestApp({ demoMode: true });
    const reuse = { dataDir: demo.dataDir, schema: demo.schema };
    try {
      expect(demo.seed.demoAdmin).toEqual({ email: "admin@example.com", password: "admin12345" });
      const roles = await demo.db.selectFrom("users").select(["role", "status"]).execute();
      expect(roles.map((r) => r.role).sort()).toEqual(["admin", "author", "editor"]);

      const list = await demo.services.posts.listPublicPosts({ limit: 50 });
      expect(list.count).toBeGreaterThanOrEqual(12);
      expect(list.posts.some((p) => p.views > 1000)).toBe(true);
      expect(list.posts.every((p) => p.status === "published")).toBe(true);
      const statuses = await demo.db.selectFrom("posts").select("status").execute();
      expect(statuses.filter((s) => s.status === "draft").length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s.status === "scheduled")).toHaveLength(1);
      // The scheduled post is not public yet.
      expect(list.posts.some((p) => p.title.startsWith("Looking Ahead"))).toBe(false);

      const gallery = await demo.db.selectFrom("gallery_images").select("url").execute();
      expect(gallery.length).toBeGreaterThan(0);
      const image = await demo.request(gallery[0]!.url);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");

      // A page of the demo's own beside the starter Terms and Privacy.
      const careers = await demo.request("/careers");
      expect(careers.status).toBe(200);
      expect(await careers.text()).toContain("Open positions:");
      // Two of the starter team get (demo) portraits; the third keeps its initials.
      const team = await demo.services.team.listPublicTeamMembers();
      expect(team.map((m) => Boolean(m.photo_url))).toEqual([true, true, false]);
      const portrait = await demo.request(team[0]!.photo_url);
      expect(portrait.status).toBe(200);
      expect(portrait.headers.get("content-type")).toBe("image/jpeg");

      const messages = await demo.db.selectFrom("contact_messages").select("id").execute();
      expect(messages.length).toBeGreaterThanOrEqual(3);
      const homeHtml = await (await demo.request("/")).text();
      expect(homeHtml).toContain("Five Signs Your Website Needs a Redesign");
      await demo.close({ keep: true });

      // Restart in demo mode: nothing is duplicated.
      const again = await createTestApp({ demoMode: true, reuse });
      const count = await again.db.selectFrom("posts").select("id").execute();
      expect(count).toHaveLength(statuses.length);
      await again.close({ keep: true });

      // Outside demo mode the published demo passwords no longer open anything.
      const real = await createTestApp({ demoMode: false, reuse });
      expect(real.seed.demoAdmin).toBeNull();
      const after = await real.db.selectFrom("users").select("status").execute();
      expect(after.every((u) => u.status === "inactive")).toBe(true);
      await real.close({ keep: true });

      // Back in demo mode, nothing is switched on again behind an admin's back.
      const back = await createTestApp({ demoMode: true, reuse });
      const still = await back.db.selectFrom("users").select("status").execute();
      expect(still.every((u) => u.status === "inactive")).toBe(true);
      await back.close();
    } catch (error) {
      await demo.close().catch(() => {});
      throw error;
    }
  });

  it("keeps a demo account an admin deactivated deactivated across restarts", async () => {
    const demo = await createTestApp({ demoMode: true });
    const reuse = { dataDir: demo.dataDir, schema: demo.schema };
    try {
      await demo.db
        .updateTable("users")
        .set({ status: "inactive" })
        .where("role", "=", "editor")
        .execute();
      await demo.close({ keep: true });
      const again = await createTestApp({ demoMode: true, reuse });
      const editors = await again.db
        .selectFrom("users")
        .select("status")
        .where("role", "=", "editor")
        .execute();
      expect(editors.length).toBeGreaterThan(0);
      expect(editors.every((u) => u.status === "inactive")).toBe(true);
      await again.close();
    } catch (error) {
      await demo.close().catch(() => {});
      throw error;
    }
  });

  it("creates ADMIN_EMAIL's admin in demo mode too, beside the demo accounts", async () => {
    const t = await createTestApp({
      demoMode: true,
      env: { ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "correct-horse" },
    });
    try {
      expect(t.seed.createdAdmin).toBe("owner@example.com");
      expect(t.seed.demoAdmin).not.toBeNull();
      const owner = await t.db
        .selectFrom("users")
        .select(["role", "status"])
        .where("email", "=", "owner@example.com")
        .executeTakeFirstOrThrow();
      expect(owner).toEqual({ role: "admin", status: "active" });
      expect((await t.services.posts.listPublicPosts({ limit: 1 })).count).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it("creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    const t = await createTestApp({
      env: { ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "correct-horse" },
    });
    try {
      expect(t.seed.createdAdmin).toBe("boss@example.com");
      const admin = await t.db
        .selectFrom("users")
        .select(["email", "role", "status", "password_hash"])
        .executeTakeFirstOrThrow();
      expect(admin).toMatchObject({ email: "boss@example.com", role: "admin", status: "active" });
      expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await t.close();
    }
  });

  it("gives a site made before pages its Terms and Privacy pages once, overwriting nothing", async () => {
    const first = await createTestApp();
    const reuse = { dataDir: first.dataDir, schema: first.schema };
    try {
      // The site as it was before pages existed: no pages table, no note that they were seeded.
      await migrateDownTo(first.db, "2026_11_24_0002_account_tokens_account_email");
      const system = await first.db
        .selectFrom("settings")
        .select("data")
        .where("section", "=", "system")
        .executeTakeFirstOrThrow();
      const { starterPagesSeededAt, ...before } = JSON.parse(system.data);
      expect(starterPagesSeededAt).toBeDefined();
      await first.db
        .updateTable("settings")
        .set({ data: JSON.stringify(before) })
        .where("section", "=", "system")
        .execute();
      // The upgrade makes the table; a page of the company's own already has /terms.
      await migrateToLatest(first.db);
      const now = new Date().toISOString();
      await first.db
        .insertInto("pages")
        .values({
          title: "Our Terms",
          slug: "terms",
          content: "<p>Written by our lawyer.</p>",
          meta_title: "",
          meta_description: "",
          featured_image: "",
          featured_image_alt: "",
          status: "published",
          published_at: now,
          noindex: false,
          author_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await first.close({ keep: true });
    } catch (error) {
      await first.close().catch(() => {});
      throw error;
    }

    const upgraded = await createTestApp({ reuse });
    try {
      const pages = await upgraded.db
        .selectFrom("pages")
        .select(["slug", "title", "content", "status"])
        .orderBy("slug")
        .execute();
      expect(pages.map((p) => p.slug)).toEqual(["privacy", "terms"]);
      expect(pages[1]).toMatchObject({
        title: "Our Terms",
        content: "<p>Written by our lawyer.</p>",
      });
      expect(pages[0]).toMatchObject({ title: "Privacy Policy", status: "published" });
      expect((await upgraded.request("/privacy")).status).toBe(200);
      // The owner deletes Privacy; a restart does not bring it back.
      await upgraded.db.deleteFrom("pages").where("slug", "=", "privacy").execute();
      await upgraded.close({ keep: true });
    } catch (error) {
      await upgraded.close().catch(() => {});
      throw error;
    }
    const restarted = await createTestApp({ reuse });
    try {
      const slugs = await restarted.db.selectFrom("pages").select("slug").execute();
      expect(slugs.map((p) => p.slug)).toEqual(["terms"]);
    } finally {
      await restarted.close();
    }
  });

  it("an older SQLite site's NUL characters (from the forms without script) are removed on upgrade", async () => {
    const old = await createTestApp();
    const reuse = { dataDir: old.dataDir, schema: old.schema };
    try {
      await migrateDownTo(old.db, "2026_12_06_0001_posts_live_addresses");
      const postgres = TEST_DB === "postgres";
      const stored = old.db
        .insertInto("contact_messages")
        .values({
          name: "Bob\u0000by",
          email: "bob@example.com",
          subject: "Hi\u0000",
          message: "Hello\u0000 there",
          is_read: (postgres ? false : 0) as never,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirst();
      // PostgreSQL never holds one (which is why a SQLite site holding one could not move there).
      if (postgres) await expect(stored).rejects.toThrow(/0x00/);
      const id = postgres ? undefined : (await stored)?.id;
      await old.close({ keep: true });

      const upgraded = await createTestApp({ reuse });
      try {
        const rows = await upgraded.db
          .selectFrom("contact_messages")
          .select(["id", "name", "subject", "message"])
          .where("email", "=", "bob@example.com")
          .execute();
        expect(rows).toEqual(
          postgres ? [] : [{ id, name: "Bobby", subject: "Hi", message: "Hello there" }],
        );
      } finally {
        await upgraded.close();
      }
    } catch (error) {
      await old.close().catch(() => {});
      throw error;
    }
  });
});
