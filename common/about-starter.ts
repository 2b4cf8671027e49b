import { ABOUT_HEADINGS, type AboutSettings } from "./settings.ts";

/**
 * The About page of a fresh site, and of a site that never saved the section
 * (an older site shows what its page said before it was editable): sample
 * texts in a company's voice, for the company to replace in Admin → Settings
 * → About. Server and admin only (see `ABOUT_HEADINGS` in settings.ts).
 */
export const ABOUT_STARTER: AboutSettings = {
  ...ABOUT_HEADINGS,
  intro:
    "We are a team of professionals dedicated to delivering quality solutions that help our clients reach their goals.",
  mission:
    "To help businesses of every size succeed online with technology that is simple, reliable and built around the people who use it.",
  vision:
    "A world where every company, large or small, has the digital tools it needs to serve its customers well.",
  history:
    "We started as a small team of designers and developers working from a shared office.\n\nOver the years we have grown into a full-service partner for websites, apps, design and digital marketing, while keeping the close, personal way of working our clients value.",
  values: [
    {
      title: "Quality",
      text: "We take pride in work that lasts, and we test it before you see it.",
    },
    { title: "Honesty", text: "Clear estimates, plain language and no surprises on the invoice." },
    {
      title: "Partnership",
      text: "Your goals are our goals. We stay with you long after launch.",
    },
  ],
  ctaText: "Work with us",
  ctaUrl: "/contact",
};
