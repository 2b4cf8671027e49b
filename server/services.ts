import type { SiteServices } from "#common/site-context.ts";
import { createLinkTokens } from "./auth/link-tokens.ts";
import { createLoginThrottle } from "./auth/login-throttle.ts";
import { loadSecretKey } from "./auth/secret-key.ts";
import { type ContentChanges, createContentChanges } from "./cache/content-changes.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createDatabaseRateLimitStore } from "./db/rate-limit-store.ts";
import { createRateLimit } from "./lib/rate-limit.ts";
import type { Logger } from "./logger.ts";
import { createAuditService } from "./modules/audit/audit.service.ts";
import {
  createAccountService,
  PASSWORD_RESET_TOO_MANY,
  SET_PASSWORD_TOO_MANY,
} from "./modules/auth/account.service.ts";
import { createAuthService, REGISTER_TOO_MANY } from "./modules/auth/auth.service.ts";
import { createProfileService, EMAIL_CHANGE_TOO_MANY } from "./modules/auth/profile.service.ts";
import { createRegistrationPurge } from "./modules/auth/registration-purge.ts";
import { createAutosaveService } from "./modules/autosave/autosave.service.ts";
import { createCategoriesService } from "./modules/categories/categories.service.ts";
import { CONTACT_TOO_MANY, createContactService } from "./modules/contact/contact.service.ts";
import { createContentImportService } from "./modules/content-import/content-import.service.ts";
import { createDashboardService } from "./modules/dashboard/dashboard.service.ts";
import { createGalleryService } from "./modules/gallery/gallery.service.ts";
import { createMailService } from "./modules/mail/mail.service.ts";
import { createMailSender } from "./modules/mail/mail-sender.ts";
import { createMediaService } from "./modules/media/media.service.ts";
import { createNavigationService } from "./modules/navigation/navigation.service.ts";
import { createPagesService } from "./modules/pages/pages.service.ts";
import { createPostsService } from "./modules/posts/posts.service.ts";
import { createPresenceService } from "./modules/presence/presence.service.ts";
import { createPreviewLinksService } from "./modules/preview-links/preview-links.service.ts";
import { createRevisionsService } from "./modules/revisions/revisions.service.ts";
import { createFeedsService } from "./modules/seo/feeds.service.ts";
import { createServicesService } from "./modules/services/services.service.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";
import { createSetupService } from "./modules/setup/setup.service.ts";
import { createTeamService } from "./modules/team/team.service.ts";
import { createUploadsService } from "./modules/uploads/uploads.service.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { createUploadStore } from "./storage/create-upload-store.ts";

export type ServiceDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  /** Where "public content changed" is announced; a private bus when not given. */
  changes?: ContentChanges;
  /** The clock sessions are judged by (tests move it forward). */
  now?: () => Date;
  /** The server's secret (one-time links); read from SECRET_KEY or DATA_DIR/secret.key when not given. */
  secret?: string;
};

/** The domain services, created once per process and shared by API and pages. */
export function createServices({
  db,
  config,
  logger,
  changes = createContentChanges(),
  now,
  secret = loadSecretKey(config),
}: ServiceDeps) {
  // One-time links: tokens derived from per-mail nonces and the secret (server/auth/link-tokens.ts).
  const links = createLinkTokens(secret);
  // One store for the sign-in throttle's counters, the clients each account
  // knows and every rate limit: the database's `rate_limits` table, so every
  // worker and instance counts together (decision 035).
  const clock = now ? () => now().getTime() : Date.now;
  const limits = createDatabaseRateLimitStore(db, { now: clock });
  // Mail is queued by the services below and sent by `mailSender` (started by start.ts).
  const mail = createMailService(db, { config, logger });
  const posts = createPostsService(db);
  const contact = createContactService(db, {
    limit: createRateLimit(limits, "contact", config.rateLimits.contact, CONTACT_TOO_MANY, clock),
    mail,
  });
  // Sign-ins and the profile's current-password check count in the same buckets.
  const throttle = createLoginThrottle(limits, clock, limits);
  const settings = createSettingsService(db, changes, logger);
  const services = createServicesService(db, changes);
  const pages = createPagesService(db);
  const navigation = createNavigationService(db, { settings, services, posts, logger });
  const categories = createCategoriesService(db);
  // Uploaded files and their variants: the disk, the database or S3 (UPLOAD_STORE, decision 036).
  const uploadStore = createUploadStore(config, db);
  const uploads = createUploadsService(db, config, uploadStore);
  return {
    auth: createAuthService(
      db,
      config,
      { now, mail },
      {
        throttle,
        registrations: createRateLimit(
          limits,
          "register",
          config.rateLimits.register,
          REGISTER_TOO_MANY,
          clock,
        ),
      },
    ),
    account: createAccountService(db, {
      mail,
      links,
      now,
      limits: {
        // A client past the limit gets a 429; an e-mail address past it, silence.
        client: createRateLimit(
          limits,
          "password-reset",
          config.passwordResetRateLimit,
          PASSWORD_RESET_TOO_MANY,
          clock,
        ),
        address: createRateLimit(
          limits,
          "password-reset-address",
          config.passwordResetRateLimit,
          PASSWORD_RESET_TOO_MANY,
          clock,
        ),
        // Reset and invitation links used to set a password, together, per client.
        setPassword: createRateLimit(
          limits,
          "set-password",
          config.setPasswordRateLimit,
          SET_PASSWORD_TOO_MANY,
          clock,
        ),
      },
    }),
    profile: createProfileService(db, {
      mail,
      links,
      now,
      throttle,
      sessionLimits: config,
      // Each request mails the new address: counted per user and per address (429).
      emailChangeLimit: createRateLimit(
        limits,
        "email-change",
        config.emailChangeRateLimit,
        EMAIL_CHANGE_TOO_MANY,
        clock,
      ),
    }),
    users: createUsersService(db, { mail, links, now }),
    registrations: createRegistrationPurge(db, {
      days: config.registrationPurgeDays,
      logger,
      now,
    }),
    settings,
    navigation,
    services,
    posts,
    pages,
    previewLinks: createPreviewLinksService(db, { now }),
    autosave: createAutosaveService(db),
    presence: createPresenceService(db),
    feeds: createFeedsService(db, { settings, posts, services }),
    revisions: createRevisionsService(db, { posts, pages, services }),
    categories,
    gallery: createGalleryService(db),
    team: createTeamService(db),
    contact,
    uploads,
    uploadStore,
    contentImport: createContentImportService(db, {
      services: { posts, pages, categories, uploads },
      config,
      logger,
    }),
    media: createMediaService(db, uploadStore),
    dashboard: createDashboardService(db, posts, contact),
    setup: createSetupService(db),
    audit: createAuditService(db),
    mail,
    mailSender: createMailSender(db, { config, logger, now, links }),
  };
}

export type AppServices = ReturnType<typeof createServices>;

/** The slice of the services the page loaders may call (see common/site-context.ts). */
export function toSiteServices(services: AppServices, config: Config): SiteServices {
  return {
    demoMode: config.demoMode,
    settings: services.settings,
    navigation: services.navigation,
    services: services.services,
    posts: services.posts,
    pages: services.pages,
    previewLinks: services.previewLinks,
    categories: services.categories,
    gallery: services.gallery,
    team: services.team,
    contact: services.contact,
    setup: services.setup,
    account: services.account,
  };
}
