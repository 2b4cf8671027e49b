import type { Service } from "../../../common/types.ts";
import type { Db } from "../../db/client.ts";
import { findServiceById, findServiceBySlug, findServices } from "./services.repository.ts";

export function createServicesService(db: Db) {
  async function listServices(): Promise<Service[]> {
    return findServices(db);
  }

  /** By numeric id or by slug, for the admin and the public detail page. */
  async function getService(idOrSlug: string): Promise<Service | null> {
    const key = idOrSlug.trim();
    if (/^\d+$/.test(key)) {
      const byId = await findServiceById(db, Number(key));
      if (byId) return byId;
    }
    return findServiceBySlug(db, key);
  }

  return { listServices, getService };
}

export type ServicesService = ReturnType<typeof createServicesService>;
