import type { Actor } from "#common/permissions.ts";
import { UserInviteSchema } from "#common/schemas/users.ts";
import type { User } from "#common/types.ts";
import type { LinkTokens } from "#server/auth/link-tokens.ts";
import { INVITED_NO_PASSWORD_HASH } from "#server/auth/passwords.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { issueAccountLink } from "#server/modules/auth/account.service.ts";
import {
  type MailContext,
  type MailService,
  queueMail,
} from "#server/modules/mail/mail.service.ts";
import { insertAuditedUser, userEvent } from "./user-audit.ts";
import { requireUniqueIdentity, uniqueConflict } from "./user-rules.ts";
import { findUserById, findUserIdsWithPasswordHash } from "./users.repository.ts";

/**
 * Users added without a password: each is mailed a link (valid for
 * INVITATION_DAYS) to set one, and cannot sign in before. Part of the users
 * service (users.service.ts), which passes its mail, links and clock.
 */

export const INVITATION_ALREADY_ACCEPTED = "This user has already set a password.";
export const MAIL_UNAVAILABLE = "Invitations need the mail service.";

export type InvitationDeps = { mail?: MailService; links?: LinkTokens; clock: () => Date };

type Invitation = {
  mail: MailService;
  links: LinkTokens;
  clock: () => Date;
  context: MailContext;
  /** The actor's name for the mail ("Ada Admin"). */
  invitedBy: string;
};

function requireMail(deps: InvitationDeps) {
  const { mail, links } = deps;
  if (!mail || !links) throw new Error(MAIL_UNAVAILABLE);
  return { ...deps, mail, links };
}

/** What the mail needs, read before the transaction (see MailService.context). */
async function prepareInvitation(
  db: Db,
  deps: ReturnType<typeof requireMail>,
  actor: Actor,
): Promise<Invitation> {
  const context = await deps.mail.context();
  const user = await findUserById(db, actor.id);
  const invitedBy = user
    ? `${user.first_name} ${user.last_name}`.trim() || user.username
    : "An administrator";
  return { ...deps, context, invitedBy };
}

/** The invitation's link (replacing any earlier one of the user) and its mail, in `trx`. */
async function sendInvitation(
  trx: Db,
  { mail, links, context, invitedBy }: Invitation,
  now: Date,
  user: User,
) {
  const nonce = await issueAccountLink(trx, links, now, "invitation", user);
  await queueMail(trx, mail.invitation(context, user, nonce, invitedBy), now.toISOString());
}

/** Add New User without a password. */
export async function inviteUser(
  db: Db,
  deps: InvitationDeps,
  actor: Actor | null,
  input: unknown,
): Promise<User> {
  requirePermission(actor, "users:manage");
  const ready = requireMail(deps);
  const data = parseInput(UserInviteSchema, input);
  await requireUniqueIdentity(db, data);
  const invitation = await prepareInvitation(db, ready, actor);
  try {
    return await db.transaction().execute(async (trx) => {
      const now = deps.clock();
      const user = await insertAuditedUser(
        trx,
        actor,
        { ...data, password_hash: INVITED_NO_PASSWORD_HASH },
        now.toISOString(),
        { role: data.role, status: data.status, invited: true },
      );
      await sendInvitation(trx, invitation, now, user);
      return { ...user, invitation_pending: true };
    });
  } catch (error) {
    uniqueConflict(error);
  }
}

/** A new invitation link for a user who has not set a password yet; the old link stops working. */
export async function resendInvitation(
  db: Db,
  deps: InvitationDeps,
  actor: Actor | null,
  id: number,
): Promise<User> {
  requirePermission(actor, "users:manage");
  const ready = requireMail(deps);
  const user = await findUserById(db, id);
  if (!user) throw AppError.notFound("User not found");
  const pending = await findUserIdsWithPasswordHash(db, INVITED_NO_PASSWORD_HASH, [id]);
  if (!pending.has(id)) throw AppError.conflict(INVITATION_ALREADY_ACCEPTED);
  const invitation = await prepareInvitation(db, ready, actor);
  return db.transaction().execute(async (trx) => {
    const now = deps.clock();
    await sendInvitation(trx, invitation, now, user);
    await insertAuditEvents(
      trx,
      actor,
      [userEvent(user, "updated", { changed: [], invitation: "resent" })],
      now.toISOString(),
    );
    return { ...user, invitation_pending: true };
  });
}
