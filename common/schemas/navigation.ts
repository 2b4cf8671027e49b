import { z } from "zod";
import {
  type HeaderMenuItem,
  isMenuUrl,
  MENU_LIMITS,
  MENU_REFERENCE_TYPES,
  MENU_TARGET_TYPES,
  type MenuLink,
  type MenuTarget,
  NAV_ROUTE_NAMES,
} from "#common/navigation.ts";
import { ID_MAX } from "./fields.ts";

/*
 * The settings section `navigation` (PUT /api/settings/navigation and the
 * admin's Menus tab). A link is given in full, `{label, target, newTab?,
 * children?}`, or in the short form `{label, url, newTab?}`, which is always
 * accepted and stored as a custom-URL link. Every message names its field
 * by path ("header.0.label", "footer.columns.1.items.2.url").
 */

const labelField = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(MENU_LIMITS.label, `${what} must be ${MENU_LIMITS.label} characters or less`);

const URL_RULE = "URL must be a path of this site starting with / or an http(s) URL";

const urlField = z
  .string({ error: URL_RULE })
  .trim()
  .max(MENU_LIMITS.url, `URL must be ${MENU_LIMITS.url} characters or less`)
  .refine(isMenuUrl, URL_RULE);

const CHOOSE = "Choose what the item links to";
/** The id of the page, service, post or category linked to. */
const referenceId = z
  .number({ error: CHOOSE })
  .int(CHOOSE)
  .positive(CHOOSE)
  .max(ID_MAX, `id must be ${ID_MAX} or less`);

export const MenuTargetSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.enum(MENU_REFERENCE_TYPES), id: referenceId }),
    z.strictObject({
      type: z.literal("route"),
      route: z.enum(NAV_ROUTE_NAMES, {
        error: `Route must be one of ${NAV_ROUTE_NAMES.join(", ")}`,
      }),
    }),
    z.strictObject({ type: z.literal("url"), url: urlField }),
  ],
  { error: `Link type must be one of ${MENU_TARGET_TYPES.join(", ")}` },
);

const newTabField = z.boolean({ error: "New tab must be true or false" });

/** A link as stored and answered. */
export const MenuLinkSchema = z
  .strictObject({ label: labelField("Label"), target: MenuTargetSchema, newTab: newTabField })
  .meta({ id: "MenuLink" });

export const HeaderMenuItemSchema = MenuLinkSchema.extend({
  children: z.array(MenuLinkSchema).max(MENU_LIMITS.children),
}).meta({ id: "HeaderMenuItem" });

const footerColumnFields = {
  title: labelField("Column title").max(
    MENU_LIMITS.columnTitle,
    `Column title must be ${MENU_LIMITS.columnTitle} characters or less`,
  ),
};

/** The section as stored and answered (no short forms left). */
export const NavigationSchema = z
  .strictObject({
    header: z.array(HeaderMenuItemSchema).max(MENU_LIMITS.headerItems),
    footer: z.strictObject({
      columns: z
        .array(
          z.strictObject({
            ...footerColumnFields,
            items: z.array(MenuLinkSchema).max(MENU_LIMITS.columnItems),
          }),
        )
        .max(MENU_LIMITS.footerColumns),
    }),
    showAdminButton: z.boolean(),
  })
  .meta({ id: "NavigationSettings" });

/**
 * One link as a request may give it: with a `target`, or the short form with
 * a `url`. `nested` says what a `children` key may hold at this depth.
 */
function linkInput<Nested extends z.ZodType>(nested: Nested) {
  return z
    .strictObject(
      {
        label: labelField("Label"),
        target: MenuTargetSchema.optional(),
        url: urlField.optional(),
        newTab: newTabField.optional(),
        children: nested.optional(),
      },
      { error: "A menu item must be an object with a label and a target or url" },
    )
    .superRefine((item, ctx) => {
      if (item.target === undefined && item.url === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["target"],
          message: `${CHOOSE} (a target, or a url)`,
        });
      }
      if (item.target !== undefined && item.url !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["url"],
          message: "Give either a target or a url, not both",
        });
      }
    });
}

const toLink = (item: {
  label: string;
  target?: MenuTarget;
  url?: string;
  newTab?: boolean;
}): MenuLink => ({
  label: item.label,
  target: item.target ?? { type: "url", url: item.url ?? "" },
  newTab: item.newTab ?? false,
});

const ChildLinkInput = linkInput(
  z
    .array(z.unknown())
    .max(0, "A dropdown item cannot have a dropdown of its own (one level of children)"),
).transform(toLink);

const HeaderItemInput = linkInput(
  z
    .array(ChildLinkInput, { error: "children must be a list of menu items" })
    .max(MENU_LIMITS.children, `A dropdown can hold at most ${MENU_LIMITS.children} items`),
).transform(
  (item): HeaderMenuItem => ({ ...toLink(item), children: (item.children ?? []) as MenuLink[] }),
);

const FooterLinkInput = linkInput(
  z.array(z.unknown()).max(0, "Footer links cannot have children"),
).transform(toLink);

/** The section as PUT /api/settings/navigation takes it (any subset of its fields). */
export const NavigationInputSchema = z.strictObject({
  header: z
    .array(HeaderItemInput, { error: "header must be a list of menu items" })
    .max(MENU_LIMITS.headerItems, `The header can hold at most ${MENU_LIMITS.headerItems} items`),
  footer: z.strictObject(
    {
      columns: z
        .array(
          z.strictObject(
            {
              ...footerColumnFields,
              items: z
                .array(FooterLinkInput, { error: "items must be a list of menu items" })
                .max(
                  MENU_LIMITS.columnItems,
                  `A footer column can hold at most ${MENU_LIMITS.columnItems} links`,
                ),
            },
            { error: "A footer column must be an object with a title and items" },
          ),
          { error: "columns must be a list of footer columns" },
        )
        .max(
          MENU_LIMITS.footerColumns,
          `The footer can hold at most ${MENU_LIMITS.footerColumns} link columns`,
        ),
    },
    { error: "footer must be an object with columns" },
  ),
  showAdminButton: z.boolean({ error: "Show Admin button must be true or false" }),
});

/** GET /api/navigation/targets: what a menu item of this type can point at. */
export const NavigationTargetQuerySchema = z.object({
  type: z.enum(MENU_REFERENCE_TYPES, {
    error: `type must be one of ${MENU_REFERENCE_TYPES.join(", ")}`,
  }),
  search: z.string().trim().max(200, "search must be 200 characters or less").optional(),
});
