import type { Actor } from "#common/permissions.ts";
import { ReorderSchema, ServiceInputSchema } from "#common/schemas/content.ts";
import { ID_MAX } from "#common/schemas/fields.ts";
import type { Service } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import { type ContentChanges, reachesTag } from "#server/cache/content-changes.ts";
import { keptRead } from "#server/cache/kept-read.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { tableTag, tagRead } from "#server/lib/cache-tags.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { changedFields } from "#server/modules/audit/audit.repository.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import { deleteDocumentTrail } from "#server/modules/content/document-trail.ts";
import { rethrowSlugTaken } from "#server/modules/content/document-writes.ts";
import {
  deleteRedirectsTo,
  findCurrentSlug,
  recordSlugChange,
  releaseSlug,
} from "#server/modules/redirects/redirects.repository.ts";
import {
  type RevisionContext,
  recordRevision,
} from "#server/modules/revisions/revisions.service.ts";
import { requireCurrentVersion } from "#server/modules/versions/versions.ts";
import {
  deleteService,
  findServiceById,
  findServiceBySlug,
  findServiceIdBySlug,
  findServices,
  insertService,
  nextServiceOrder,
  SERVICE_FIELDS,
  type ServiceWrite,
  updateService,
  updateServicesOrder,
} from "./services.repository.ts";

const SLUG_TAKEN = "A service with this slug already exists";

const SERVICES_TAG = tableTag("services");

export function createServicesService(db: Db, changes?: ContentChanges) {
  // Every public page lists the services (the footer; the home page twice)
  // and staff seldom change them: kept until a change names them. Each caller
  // gets its own array of the shared, frozen rows.
  const kept = keptRead(async () => (await findServices(db)).map((row) => Object.freeze(row)), {
    changes,
    reaches: (change) => reachesTag(change, SERVICES_TAG),
  });

  async function listServices(): Promise<Service[]> {
    // What the query would have tagged, had it run.
    tagRead(SERVICES_TAG);
    return [...(await kept.get())];
  }

  /** By numeric id or by slug, for the admin and the public detail page. */
  async function getService(idOrSlug: string): Promise<Service | null> {
    const key = idOrSlug.trim();
    // Digits past the id range can only be a slug (PostgreSQL refuses them as an integer).
    if (/^\d{1,10}$/.test(key) && Number(key) <= ID_MAX) {
      const byId = await findServiceById(db, Number(key));
      if (byId) return byId;
    }
    return findServiceBySlug(db, key);
  }

  function slugTaken(): never {
    throw AppError.conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
  }

  async function requireSlugFree(slug: string, exceptId?: number) {
    const id = await findServiceIdBySlug(db, slug);
    if (id !== null && id !== exceptId) slugTaken();
  }

  /** The columns a service form writes (sort_order only when given). */
  function serviceValues(data: ServiceWrite): ServiceWrite {
    return {
      title: data.title,
      slug: data.slug,
      description: data.description,
      icon: data.icon,
      details: data.details,
      ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
    };
  }

  async function createService(actor: Actor | null, input: unknown): Promise<Service> {
    requirePermission(actor, "services:manage");
    const data = parseInput(ServiceInputSchema, input);
    await requireSlugFree(data.slug);
    try {
      return await writeWithAudit(
        db,
        actor,
        async (trx, now) => {
          await releaseSlug(trx, "service", data.slug);
          const sort_order = data.sort_order ?? (await nextServiceOrder(trx));
          const service = await insertService(trx, { ...serviceValues(data), sort_order }, now);
          await recordRevision(trx, actor, { type: "service", id: service.id, reason: "save" });
          return service;
        },
        (service) => ({
          action: "created",
          entityType: "service",
          entityId: service.id,
          label: service.title,
        }),
      );
    } catch (error) {
      rethrowSlugTaken(error, "services", slugTaken);
    }
  }

  /** `expectedVersion`: the version the editor loaded; an older one than stored is a 409. */
  async function updateServiceById(
    actor: Actor | null,
    id: number,
    input: unknown,
    expectedVersion?: number,
    revision: RevisionContext = {},
  ) {
    requirePermission(actor, "services:manage");
    const data = parseInput(ServiceInputSchema, input);
    await requireSlugFree(data.slug, id);
    const before = await findServiceById(db, id);
    if (!before) throw AppError.notFound("Service not found");
    try {
      return await writeWithAudit(
        db,
        actor,
        async (trx, now) => {
          if ((await requireCurrentVersion(trx, "service", id, actor, expectedVersion)) === null)
            throw AppError.notFound("Service not found");
          const updated = await updateService(trx, id, serviceValues(data), now);
          if (!updated) throw AppError.notFound("Service not found");
          await recordSlugChange(trx, "service", id, before.slug, updated.slug);
          await recordRevision(trx, actor, { type: "service", id, reason: "save", ...revision });
          return updated;
        },
        (updated) => ({
          action: "updated",
          entityType: "service",
          entityId: id,
          label: updated.title,
          details: { changed: changedFields(before, updated, [...SERVICE_FIELDS]) },
        }),
      );
    } catch (error) {
      rethrowSlugTaken(error, "services", slugTaken);
    }
  }

  async function deleteServiceById(actor: Actor | null, id: number) {
    requirePermission(actor, "services:manage");
    const service = await findServiceById(db, id);
    if (!service) throw AppError.notFound("Service not found");
    await writeWithAudit(
      db,
      actor,
      async (trx) => {
        if (!(await deleteService(trx, id))) throw AppError.notFound("Service not found");
        await deleteRedirectsTo(trx, "service", id);
        await deleteDocumentTrail(trx, "service", [id]);
      },
      () => ({ action: "deleted", entityType: "service", entityId: id, label: service.title }),
    );
  }

  /**
   * Puts the listed services first, in the order given, and the others after
   * them in their current order: a list that misses a service someone else
   * just added still saves, and that service keeps its place at the end.
   * The footer, the home grid and /services all follow this order.
   */
  async function reorderServices(actor: Actor | null, input: unknown): Promise<Service[]> {
    requirePermission(actor, "services:manage");
    const { ids } = parseInput(ReorderSchema, input);
    const listed = [...new Set(ids)];
    return writeWithAudit(
      db,
      actor,
      async (trx) => {
        const current = await findServices(trx);
        const known = new Set(current.map((s) => s.id));
        if (listed.some((id) => !known.has(id))) {
          throw AppError.notFound("Some services do not exist");
        }
        const rest = current.map((s) => s.id).filter((id) => !listed.includes(id));
        await updateServicesOrder(trx, [...listed, ...rest]);
        return findServices(trx);
      },
      (services) => ({
        action: "updated",
        entityType: "service",
        label: "Services order",
        details: { reordered: services.map((s) => s.id) },
      }),
    );
  }

  /** The current slug of a service that used to live at `oldSlug`. */
  function findServiceRedirect(oldSlug: string): Promise<string | null> {
    return findCurrentSlug(db, "service", oldSlug, (id) => findServiceById(db, id));
  }

  return {
    listServices,
    getService,
    findServiceRedirect,
    createService,
    updateService: updateServiceById,
    deleteService: deleteServiceById,
    reorderServices,
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
