import type { z } from "zod";
import type { Actor } from "#common/permissions.ts";
import { PageInputSchema } from "#common/schemas/pages.ts";
import { PostInputSchema } from "#common/schemas/posts.ts";
import { slugify } from "#common/text.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { isAppError } from "#server/lib/app-error.ts";
import type { CategoriesService } from "#server/modules/categories/categories.service.ts";
import type { PagesService } from "#server/modules/pages/pages.service.ts";
import type { PostsService } from "#server/modules/posts/posts.service.ts";
import { insertAuditedUser } from "#server/modules/users/user-audit.ts";
import {
  type AddressTarget,
  findImportedItems,
  findTakenAddresses,
  findTermBySlug,
  findUserIdByEmailAddress,
  findUserIdByName,
  type ImportKind,
  insertImportItem,
  insertOldAddresses,
  isSlugTaken,
} from "./import.repository.ts";
import type { Report } from "./import-report.ts";

/**
 * Where an import writes: authors, categories and tags, posts and pages,
 * each through its own service (every rule of a save, the sanitiser, the
 * revision and the audit entry), with the source id recorded so a second run
 * matches instead of creating. In a dry run nothing is written and the same
 * decisions are counted.
 */

/**
 * The stored value of an imported author's password: not an argon2 hash, so
 * no password matches it (server/auth/passwords.ts) until an admin sets one.
 */
export const IMPORTED_NO_PASSWORD_HASH = "!moved-in-without-password";

export type WriterServices = {
  posts: Pick<PostsService, "createPost">;
  pages: Pick<PagesService, "createPage">;
  categories: Pick<CategoriesService, "createCategory" | "createTag">;
};

export type WriterOptions = {
  db: Db;
  services: WriterServices;
  actor: Actor;
  origin: string;
  jobId: number;
  dryRun: boolean;
  report: Report;
};

export type AuthorInput = {
  sourceId: string;
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
};

export type DocumentInput = z.input<typeof PostInputSchema> | z.input<typeof PageInputSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createImportWriter(options: WriterOptions) {
  const { db, report, actor, dryRun } = options;
  const items = new Map<ImportKind, Promise<Map<string, number>>>();
  const plannedSlugs = { posts: new Set<string>(), pages: new Set<string>() };
  // A dry run's old addresses so far: one the file gives twice is made once, as in the import.
  const plannedAddresses = new Set<string>();
  const terms = new Map<string, { id: number | null; name: string }>();

  function imported(kind: ImportKind) {
    let found = items.get(kind);
    if (!found) {
      found = findImportedItems(db, options.origin, kind);
      items.set(kind, found);
    }
    return found;
  }

  /** Records what a source item became (call `(await imported(kind)).set` once it committed). */
  async function remember(trx: Db, kind: ImportKind, sourceId: string, targetId: number) {
    await insertImportItem(
      trx,
      { origin: options.origin, kind, sourceId, targetId, jobId: options.jobId },
      nowIso(),
    );
  }

  /** Old addresses of a target; answers how many were new (the others already lead somewhere). */
  function addresses(trx: Db, list: string[], target: { type: AddressTarget; id: number }) {
    return insertOldAddresses(trx, list, target, nowIso());
  }

  function countAddresses(total: number, added: number) {
    report.count("redirects", "created", added);
    report.count("redirects", "matched", total - added);
  }

  /** A dry run's count of `list`: new unless stored already or planned before in this file. */
  async function countPlannedAddresses(list: string[]) {
    const taken = await findTakenAddresses(db, list);
    let added = 0;
    for (const address of list) {
      if (taken.has(address) || plannedAddresses.has(address)) continue;
      plannedAddresses.add(address);
      added++;
    }
    countAddresses(list.length, added);
  }

  async function freeUsername(login: string): Promise<string> {
    let base = login.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 40);
    if (base.length < 3) base = `author-${base}`.slice(0, 40);
    let name = base;
    for (let n = 2; (await findUserIdByName(db, name)) !== null; n++) name = `${base}-${n}`;
    return name;
  }

  return {
    /** The user an old site's author is here: matched by source id or e-mail, else a new, inactive author. */
    async author(input: AuthorInput, label: string): Promise<number | null> {
      const earlier = (await imported("user")).get(input.sourceId);
      if (earlier !== undefined) {
        report.count("authors", "matched");
        return earlier;
      }
      const email = input.email.trim().toLowerCase();
      const existing = EMAIL.test(email) ? await findUserIdByEmailAddress(db, email) : null;
      if (existing !== null) {
        report.count("authors", "matched");
        if (!dryRun) {
          await remember(db, "user", input.sourceId, existing);
          (await imported("user")).set(input.sourceId, existing);
        }
        return existing;
      }
      const username = await freeUsername(input.login || input.displayName || "author");
      const address = EMAIL.test(email) ? email : `${username.toLowerCase()}@imported.invalid`;
      if (address !== email) {
        report.warn(
          label,
          `had no usable e-mail address; the account has ${address} until changed`,
        );
      }
      report.count("authors", "created");
      if (dryRun) return null;
      const [first, ...rest] = input.displayName.trim().split(/\s+/);
      const id = await db.transaction().execute(async (trx) => {
        const user = await insertAuditedUser(
          trx,
          actor,
          {
            username,
            email: address,
            first_name: (input.firstName || first || "").slice(0, 100),
            last_name: (input.lastName || rest.join(" ")).slice(0, 100),
            role: "author",
            status: "inactive",
            password_hash: IMPORTED_NO_PASSWORD_HASH,
          },
          nowIso(),
          { role: "author", status: "inactive", imported: options.origin },
        );
        await remember(trx, "user", input.sourceId, user.id);
        return user.id;
      });
      (await imported("user")).set(input.sourceId, id);
      return id;
    },

    /**
     * A category or tag by its slug (WordPress's nicename): the one here with
     * that slug, else a new one. Answers the name posts name it by.
     */
    async term(
      kind: "category" | "tag",
      input: { slug: string; name: string; description?: string; addresses?: string[] },
    ): Promise<string | null> {
      const slug = slugify(input.slug) || slugify(input.name);
      const name = input.name.trim().slice(0, 100) || input.slug;
      if (!slug) return null;
      const key = `${kind}:${slug}`;
      const cached = terms.get(key);
      if (cached) return cached.name;
      const table = kind === "category" ? "categories" : "tags";
      const counted = kind === "category" ? "categories" : "tags";
      const existing = await findTermBySlug(db, table, slug);
      let target: { id: number | null; name: string };
      if (existing) {
        report.count(counted, "matched");
        target = { id: existing.id, name: existing.name };
      } else if (dryRun) {
        report.count(counted, "created");
        target = { id: null, name };
      } else {
        try {
          const values = { name, slug, ...(kind === "category" ? { description: "" } : {}) };
          const made =
            kind === "category"
              ? await options.services.categories.createCategory(actor, {
                  ...values,
                  description: (input.description ?? "").slice(0, 500),
                })
              : await options.services.categories.createTag(actor, values);
          report.count(counted, "created");
          target = { id: made.id, name: made.name };
        } catch (error) {
          if (!isAppError(error) || error.status !== 409) throw error;
          // A term of that name under another slug: the posts join it.
          report.count(counted, "matched");
          report.warn(`${kind === "category" ? "Category" : "Tag"} “${name}”`, error.message);
          target = { id: null, name };
        }
      }
      terms.set(key, target);
      const list = (input.addresses ?? []).filter((address) => address.length <= 500);
      if (target.id !== null && list.length && !dryRun) {
        countAddresses(list.length, await addresses(db, list, { type: kind, id: target.id }));
      } else if (dryRun && list.length) {
        await countPlannedAddresses(list);
      }
      return target.name;
    },

    /** A post or page: matched by its source id, else created through its service. */
    async document(
      kind: "post" | "page",
      sourceId: string,
      input: DocumentInput & { slug: string },
      extra: { authorId: number | null; addresses: string[]; label: string },
    ): Promise<void> {
      const counted = kind === "post" ? "posts" : "pages";
      const fitting = extra.addresses.filter((address) => address.length <= 500);
      if ((await imported(kind)).has(sourceId)) {
        report.count(counted, "matched");
        report.count("redirects", "matched", fitting.length);
        return;
      }
      const table = kind === "post" ? "posts" : "pages";
      const wanted = input.slug;
      let slug = wanted;
      for (let n = 2; plannedSlugs[table].has(slug) || (await isSlugTaken(db, table, slug)); n++) {
        slug = `${wanted.slice(0, 190)}-${n}`;
      }
      if (slug !== wanted) {
        report.warn(extra.label, `the ${kind} address “${wanted}” is taken here; it is “${slug}”`);
      }
      const data = { ...input, slug };
      const schema = kind === "post" ? PostInputSchema : PageInputSchema;
      const checked = schema.safeParse(data);
      if (!checked.success) {
        // The messages name their field ("Content is required", "Title is required").
        const issue = checked.error.issues[0]!;
        return report.outcome(counted, "failed", extra.label, `not imported: ${issue.message}`);
      }
      if (dryRun) {
        plannedSlugs[table].add(slug);
        report.count(counted, "created");
        await countPlannedAddresses(fitting);
        return;
      }
      const create =
        kind === "post" ? options.services.posts.createPost : options.services.pages.createPage;
      try {
        let added = 0;
        const made = await create(actor, data, {
          authorId: extra.authorId,
          within: async (trx, id) => {
            await remember(trx, kind, sourceId, id);
            added = await addresses(trx, fitting, { type: kind, id });
          },
        });
        (await imported(kind)).set(sourceId, made.id);
        plannedSlugs[table].add(slug);
        report.count(counted, "created");
        countAddresses(fitting.length, added);
      } catch (error) {
        if (!isAppError(error)) throw error;
        report.outcome(counted, "failed", extra.label, error.message);
      }
    },
  };
}

export type ImportWriter = ReturnType<typeof createImportWriter>;
