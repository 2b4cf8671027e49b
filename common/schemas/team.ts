import { z } from "zod";
import { EMAIL_MAX, isEmailAddress } from "#common/email.ts";
import { TEAM_TEXT_MAX } from "#common/team.ts";
import {
  idNumber,
  imageUrlField,
  isHttpsUrl,
  optionalText,
  readOnlyFields,
  requiredText,
} from "./fields.ts";

/*
 * The team members of the About page: what POST /api/team and
 * PUT /api/team/{id} take (the admin's form validates with the same schema),
 * and the body of PUT /api/team/order.
 */

const LINKEDIN_MESSAGE = "LinkedIn URL must be an https:// address";

/** Empty, or an address the strict rule of email.ts accepts. */
const memberEmail = z
  .string({ error: "Email must be text" })
  .trim()
  .max(EMAIL_MAX, `Email must be ${EMAIL_MAX} characters or less`)
  .refine((value) => value === "" || isEmailAddress(value), { message: "Email is invalid" });

/** Empty, or an https:// address with a host (the link opens the profile). */
const linkedinUrl = z
  .string({ error: "LinkedIn URL must be text" })
  .trim()
  .max(
    TEAM_TEXT_MAX.linkedinUrl,
    `LinkedIn URL must be ${TEAM_TEXT_MAX.linkedinUrl} characters or less`,
  )
  .refine((value) => value === "" || isHttpsUrl(value), { message: LINKEDIN_MESSAGE });

/** The fields a member is written with; every one is checked the same way on create and update. */
const memberFields = {
  name: requiredText("Name is required", TEAM_TEXT_MAX.name),
  role: optionalText("Role", TEAM_TEXT_MAX.role),
  bio: optionalText("Bio", TEAM_TEXT_MAX.bio),
  photo_url: imageUrlField("Photo"),
  email: memberEmail,
  linkedin_url: linkedinUrl,
  published: z.boolean({ error: "Published must be true or false" }),
  sort_order: z
    .number({ error: "Order must be a number" })
    .int("Order must be a whole number")
    .min(0, "Order must be 0 or more")
    .max(100_000, "Order must be 100000 or less"),
};

/** What the API answers with and the client may send back unchanged. */
const echoed = readOnlyFields("id", "created_at", "updated_at");

/**
 * A new member: a name is required; role, bio, photo and links default to
 * empty, `published` to true, and the order to after the last member.
 */
export const TeamMemberInputSchema = z.strictObject({
  name: memberFields.name,
  role: memberFields.role.default(""),
  bio: memberFields.bio.default(""),
  photo_url: memberFields.photo_url.default(""),
  email: memberFields.email.default(""),
  linkedin_url: memberFields.linkedin_url.default(""),
  published: memberFields.published.default(true),
  sort_order: memberFields.sort_order.optional(),
  ...echoed,
});

/** A change: any subset of the fields; the ones not sent keep their stored values. */
export const TeamMemberUpdateSchema = z.strictObject({
  name: memberFields.name.optional(),
  role: memberFields.role.optional(),
  bio: memberFields.bio.optional(),
  photo_url: memberFields.photo_url.optional(),
  email: memberFields.email.optional(),
  linkedin_url: memberFields.linkedin_url.optional(),
  published: memberFields.published.optional(),
  sort_order: memberFields.sort_order.optional(),
  ...echoed,
});

/** The whole team in its new order: every member's id exactly once (checked by the service). */
export const TeamOrderSchema = z.strictObject({
  ids: z
    .array(idNumber("ids"), { error: "ids must be a list of ids in the new order" })
    .min(1, "ids must not be empty")
    .max(1000, "ids can hold at most 1000 ids"),
});
