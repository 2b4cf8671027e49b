import { z } from "zod";
import { SERVICE_ICONS } from "#common/enums.ts";
import { CONTACT_RULES } from "#common/rules.ts";
import {
  honeypotField,
  idField,
  idNumber,
  imageUrlField,
  optionalText,
  readOnlyFields,
  requiredText,
  slugField,
  textField,
} from "./fields.ts";

/** Contact form: trimmed values, each one required. */
export const ContactSchema = z.strictObject({
  name: textField(CONTACT_RULES.name),
  email: textField(CONTACT_RULES.email),
  subject: textField(CONTACT_RULES.subject),
  message: textField(CONTACT_RULES.message),
  website: honeypotField,
});

const echoed = readOnlyFields("id", "created_at", "updated_at");

export const ServiceInputSchema = z.strictObject({
  title: requiredText("Title is required", 200),
  slug: slugField(),
  description: requiredText("Description is required", 1000),
  icon: z
    .enum(SERVICE_ICONS, { error: `Icon must be one of ${SERVICE_ICONS.join(", ")}` })
    .default("computer"),
  details: optionalText("Details", 20_000).default(""),
  sort_order: z.number({ error: "Order must be a number" }).int().min(0).max(100_000).optional(),
  ...echoed,
  // The API takes a sent version off first (server/http/versions.ts, decision 018).
  ...readOnlyFields("version"),
});

export const CategoryInputSchema = z.strictObject({
  name: requiredText("Name is required", 100),
  slug: slugField().optional(),
  description: optionalText("Description", 1000).optional(),
  ...echoed,
  ...readOnlyFields("postCount"),
});

export const TagInputSchema = z.strictObject({
  name: requiredText("Name is required", 100),
  slug: slugField().optional(),
  ...echoed,
  ...readOnlyFields("postCount"),
});

export const GalleryImageInputSchema = z.strictObject({
  title: requiredText("Title is required", 200),
  description: optionalText("Description", 2000).default(""),
  url: imageUrlField("Image").refine((v) => v !== "", { message: "Image is required" }),
  thumbnail: imageUrlField("Thumbnail").optional(),
  alt: optionalText("Alt text", 300).optional(),
  category_id: idField("Category").nullable().optional(),
  sort_order: z.number({ error: "Order must be a number" }).int().min(0).max(100_000).optional(),
  ...echoed,
  // Read from the picture itself, and the category object of category_id.
  ...readOnlyFields("width", "height", "category"),
});

export const GalleryCategoryInputSchema = z.strictObject({
  name: requiredText("Name is required", 100),
  slug: slugField().optional(),
  sort_order: z.number({ error: "Order must be a number" }).int().min(0).max(100_000).optional(),
  ...echoed,
});

export const ReorderSchema = z.strictObject({
  ids: z
    .array(idNumber("ids"), { error: "ids must be a list of ids in the new order" })
    .min(1, "ids must not be empty")
    .max(1000, "At most 1000 items"),
});

export const MessageUpdateSchema = z.strictObject({
  read: z.boolean({ error: "read must be true or false" }),
});
