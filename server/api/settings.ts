import { createRoute, z } from "@hono/zod-openapi";
import { SETTINGS_SECTIONS } from "../../common/settings.ts";
import { createRouter, envelope, errorResponses, jsonContent } from "../http/router.ts";

const SectionParam = z.object({
  section: z.string().max(50).openapi({ example: "general" }),
});

const AnySection = z.record(z.string(), z.unknown()).openapi("SettingsSection");

const getAll = createRoute({
  method: "get",
  path: "/settings",
  tags: ["Settings"],
  summary: "All settings sections",
  responses: {
    200: jsonContent(
      envelope(z.object(Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s, AnySection])))),
      "Settings by section",
    ),
  },
});

const getSection = createRoute({
  method: "get",
  path: "/settings/{section}",
  tags: ["Settings"],
  summary: "One settings section",
  request: { params: SectionParam },
  responses: {
    200: jsonContent(envelope(AnySection), "The section"),
    404: errorResponses[404],
  },
});

export const settingsApi = createRouter()
  .openapi(getAll, async (c) => {
    const data = await c.var.services.settings.getAllSettings();
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(getSection, async (c) => {
    const data = await c.var.services.settings.getSettingsSection(c.req.valid("param").section);
    return c.json({ success: true as const, data }, 200);
  });
