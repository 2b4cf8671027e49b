import { data } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { ContactForm } from "#app/features/contact/contact-form.tsx";
import { OpeningHoursList } from "#app/features/contact/opening-hours.tsx";
import { organizationData } from "#app/features/contact/organization.ts";
import { SocialLinks } from "#app/features/layout/site-footer.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { contactMap, hasOpeningHours } from "#common/contact.ts";
import { HONEYPOT_FIELD } from "#common/rules.ts";
import { DEFAULT_CONTACT } from "#common/settings.ts";
import { requestInfoContext, siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/contact";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact",
    description: "Get in touch with us: send a message, call or visit.",
    root: rootFromMatches(matches),
    path: "/contact",
  });
}

/** The form's fallback without JavaScript: the same service as POST /api/contact. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const input = Object.fromEntries(
    ["name", "email", "subject", "message", HONEYPOT_FIELD].map((k) => [
      k,
      String(form.get(k) ?? ""),
    ]),
  );
  const { client } = context.get(requestInfoContext);
  try {
    await context.get(siteServicesContext).contact.submitContactMessage(input, { client });
    return { status: "success" as const, errors: {}, message: "" };
  } catch (error) {
    const e = error as {
      errors?: Record<string, string>;
      status?: number;
      message?: string;
      retryAfter?: number;
    };
    if (e.status === 429) {
      return data(
        { status: "error" as const, errors: {}, message: e.message ?? "" },
        { status: 429, headers: { "Retry-After": String(e.retryAfter ?? 60) } },
      );
    }
    // A refusal is the visitor's to mend; anything else is the site's failure (the error page, 500).
    if (!e.status || e.status >= 500) throw error;
    return data(
      { status: "error" as const, errors: e.errors ?? {}, message: "" },
      { status: e.status },
    );
  }
}

/** A refused post says when to try again (Retry-After from the action). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const root = useRootData();
  const settings = root?.settings;
  const general = settings?.general;
  const contact = settings?.contact ?? DEFAULT_CONTACT;
  const address = general?.address || "123 Business Street, City";
  const map = contactMap(contact);
  const introduction = (contact.introduction || DEFAULT_CONTACT.introduction)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      {settings && root ? <JsonLd data={organizationData(settings, root.origin)} /> : null}
      <h1 className="text-4xl font-bold">Contact Us</h1>
      {introduction.map((paragraph) => (
        <p
          key={paragraph}
          className="mt-3 max-w-2xl whitespace-pre-line text-slate-600 dark:text-slate-300"
        >
          {paragraph}
        </p>
      ))}
      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="form-title" className="lg:col-span-2">
          <h2 id="form-title" className="mb-4 text-2xl font-semibold">
            Send a Message
          </h2>
          <ContactForm
            serverErrors={actionData?.errors}
            serverStatus={actionData?.status}
            serverMessage={actionData?.message}
          />
        </section>
        <aside aria-labelledby="info-title" className="space-y-6">
          <div>
            <h2 id="info-title" className="text-2xl font-semibold">
              Contact Information
            </h2>
            <ul className="mt-4 space-y-3 text-slate-700 dark:text-slate-200">
              <li className="flex gap-3">
                <Icon name="pin" className="shrink-0" />
                <span>{address}</span>
              </li>
              <li className="flex gap-3">
                <Icon name="phone" className="shrink-0" />
                <span>{general?.phoneNumber || "+1 (555) 123-4567"}</span>
              </li>
              <li className="flex gap-3">
                <Icon name="mail" className="shrink-0" />
                <span>{general?.contactEmail || "info@example.com"}</span>
              </li>
            </ul>
          </div>
          {hasOpeningHours(contact.openingHours) ? (
            <div>
              <h2 id="hours-title" className="text-lg font-semibold">
                Opening Hours
              </h2>
              <OpeningHoursList hours={contact.openingHours} labelledBy="hours-title" />
            </div>
          ) : null}
          <div>
            <h2 className="text-lg font-semibold">Follow Us</h2>
            <div className="mt-2">{settings ? <SocialLinks social={settings.social} /> : null}</div>
          </div>
          {map ? (
            <figure className="space-y-2">
              <iframe
                title={`Map: ${address}`}
                src={map.src}
                loading="lazy"
                referrerPolicy="strict-origin-when-cross-origin"
                sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                className="aspect-[4/3] w-full rounded-xl border border-slate-200 dark:border-slate-700"
              />
              <figcaption className="text-sm">
                <a className="link" href={map.link} target="_blank" rel="noopener noreferrer">
                  {`View on ${map.provider}`}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </figcaption>
            </figure>
          ) : (
            <figure
              className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-100 p-4 text-center dark:border-slate-700 dark:bg-slate-800"
              aria-label="Map"
            >
              <Icon name="pin" width={32} height={32} />
              <p className="text-sm text-slate-700 dark:text-slate-200">{address}</p>
              <a
                className="link text-sm"
                href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open in OpenStreetMap
              </a>
            </figure>
          )}
        </aside>
      </div>
    </div>
  );
}
