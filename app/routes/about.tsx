import { Link } from "react-router";
import { homepageTexts } from "../features/home/home-sections.tsx";
import { pageMeta, rootFromMatches } from "../lib/seo.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "About",
    description: "Our mission, vision, history, values and team.",
    root: rootFromMatches(matches),
    path: "/about",
  });
}

const VALUES = [
  { title: "Quality", text: "We take pride in work that lasts, and we test it before you see it." },
  { title: "Honesty", text: "Clear estimates, plain language and no surprises on the invoice." },
  { title: "Partnership", text: "Your goals are our goals. We stay with you long after launch." },
];

const TEAM = [
  { name: "Alya Pratama", role: "Founder & CEO", initials: "AP" },
  { name: "Budi Santoso", role: "Head of Engineering", initials: "BS" },
  { name: "Citra Lestari", role: "Lead Designer", initials: "CL" },
];

export default function About() {
  const settings = useRootData()?.settings;
  const texts = homepageTexts(settings?.homepage);
  const name = settings?.general.siteTitle || "Our company";
  return (
    <div>
      <section className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-bold">About Us</h1>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-200">{texts.aboutContent}</p>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-semibold">Our Mission</h2>
          <p className="mt-3 text-slate-700 dark:text-slate-200">
            To help businesses of every size succeed online with technology that is simple, reliable
            and built around the people who use it.
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-semibold">Our Vision</h2>
          <p className="mt-3 text-slate-700 dark:text-slate-200">
            A world where every company, large or small, has the digital tools it needs to serve its
            customers well.
          </p>
        </div>
      </section>
      <section className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-4xl px-4">
          <h2 className="text-2xl font-semibold">Our History</h2>
          <p className="mt-3 text-slate-700 dark:text-slate-200">
            {name} started as a small team of designers and developers working from a shared office.
            Over the years we have grown into a full-service partner for websites, apps, design and
            digital marketing, while keeping the close, personal way of working our clients value.
          </p>
          {texts.aboutSecondaryContent ? (
            <p className="mt-3 text-slate-700 dark:text-slate-200">{texts.aboutSecondaryContent}</p>
          ) : null}
        </div>
      </section>
      <section aria-labelledby="values-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="values-title" className="text-center text-3xl font-bold">
          Our Values
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {VALUES.map((value) => (
            <li
              key={value.title}
              className="rounded-xl border border-slate-200 p-6 dark:border-slate-700"
            >
              <h3 className="text-xl font-semibold">{value.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-200">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="team-title" className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="team-title" className="text-center text-3xl font-bold">
            Our Team
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TEAM.map((member) => (
              <li
                key={member.name}
                className="rounded-xl bg-white p-6 text-center shadow-sm dark:bg-slate-800"
              >
                <span
                  aria-hidden
                  className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand-strong text-2xl font-bold text-white"
                >
                  {member.initials}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{member.name}</h3>
                <p className="text-slate-600 dark:text-slate-300">{member.role}</p>
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/contact" className="btn-primary">
              Work with us
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
