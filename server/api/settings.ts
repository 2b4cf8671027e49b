import { z } from "@hono/zod-openapi";
import {
  SettingsSectionReadSchema,
  SettingsSectionSchema,
  SiteSettingsSchema,
} from "#common/schemas/responses.ts";
import { jsonBody } from "#server/http/request.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";

const { route } = routesFor("Settings");

const SectionParam = z.object({
  section: z.string().max(50).openapi({ example: "general" }),
});

const getAll = route("GET /settings", "getSettings", {
  summary: "All settings sections",
  responses: dataResponses(
    SiteSettingsSchema,
    "`{general, appearance, homepage, social, seo, navigation}`; `general.notificationEmails` only for callers who may manage the settings, and for anyone else the menus without links to content visitors cannot see",
    [400],
  ),
});

const getSection = route("GET /settings/{section}", "getSettingsSection", {
  summary: "One settings section",
  request: { params: SectionParam },
  responses: dataResponses(
    SettingsSectionReadSchema,
    "The section (`notificationEmails` of general only for callers who may manage the settings; `navigation` for anyone else without links to content visitors cannot see)",
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
    const { settings, navigation } = c.var.services;
    const [data, menus] = await Promise.all([
      settings.getVisibleSettings(c.var.user),
      navigation.getVisibleNavigation(c.var.user),
    ]);
    return ok(c, { ...data, navigation: menus });
  })
  .openapi(getSection, async (c) => {
    const { section } = c.req.valid("param");
    const { settings, navigation } = c.var.services;
    const data =
      section === "navigation"
        ? await navigation.getVisibleNavigation(c.var.user)
        : await settings.getVisibleSettingsSection(c.var.user, section);
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
