import { z } from "@hono/zod-openapi";
import {
  SettingsSectionReadSchema,
  SettingsSectionSchema,
  SiteSettingsSchema,
} from "../../common/schemas/responses.ts";
import { jsonBody } from "../http/request.ts";
import { dataResponses, ok } from "../http/responses.ts";
import { createRouter, routesFor, signedIn } from "../http/router.ts";

const { route } = routesFor("Settings");

const SectionParam = z.object({
  section: z.string().max(50).openapi({ example: "general" }),
});

const getAll = route("GET /settings", "getSettings", {
  summary: "All settings sections",
  responses: dataResponses(
    SiteSettingsSchema,
    "`{general, appearance, homepage, social, seo}`; `general.notificationEmails` only for callers who may manage the settings",
    [400],
  ),
});

const getSection = route("GET /settings/{section}", "getSettingsSection", {
  summary: "One settings section",
  request: { params: SectionParam },
  responses: dataResponses(
    SettingsSectionReadSchema,
    "The section (`notificationEmails` of general only for callers who may manage the settings)",
    [404],
  ),
});

const putSection = route("PUT /settings/{section}", "updateSettingsSection", {
  summary: "Save one section (any subset of its fields)",
  ...signedIn("settings:manage"),
  request: {
    params: SectionParam,
    ...jsonBody(z.record(z.string(), z.unknown()).openapi("SettingsSectionInput")),
  },
  responses: dataResponses(SettingsSectionSchema, "The saved section", [404]),
});

export const settingsApi = createRouter()
  .openapi(getAll, async (c) => {
    const data = await c.var.services.settings.getVisibleSettings(c.var.user);
    return ok(c, data);
  })
  .openapi(getSection, async (c) => {
    const data = await c.var.services.settings.getVisibleSettingsSection(
      c.var.user,
      c.req.valid("param").section,
    );
    return ok(c, data);
  })
  .openapi(putSection, async (c) => {
    const data = await c.var.services.settings.updateSettingsSection(
      c.var.user,
      c.req.valid("param").section,
      c.req.valid("json"),
    );
    return ok(c, data, "Settings saved successfully!");
  });
