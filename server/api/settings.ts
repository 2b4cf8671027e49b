import { ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { settingsCalls } from "./contract/site.ts";

export const settingsApi = createRouter()
  .openapi(settingsCalls.getAll, async (c) => {
    const { settings, navigation } = c.var.services;
    const [data, menus] = await Promise.all([
      settings.getVisibleSettings(c.var.user),
      navigation.getVisibleNavigation(c.var.user),
    ]);
    return ok(c, { ...data, navigation: menus });
  })
  .openapi(settingsCalls.getSection, async (c) => {
    const { section } = c.req.valid("param");
    const { settings, navigation } = c.var.services;
    const data =
      section === "navigation"
        ? await navigation.getVisibleNavigation(c.var.user)
        : await settings.getVisibleSettingsSection(c.var.user, section);
    return ok(c, data);
  })
  .openapi(settingsCalls.putSection, async (c) => {
    const data = await c.var.services.settings.updateSettingsSection(
      c.var.user,
      c.req.valid("param").section,
      c.req.valid("json"),
    );
    return ok(c, data, "Settings saved successfully!");
  });
