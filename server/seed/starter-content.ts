/** Starter content seeded in every mode; staff edit or delete it freely. */

export const STARTER_SERVICES = [
  {
    title: "Web Development",
    slug: "web-development",
    icon: "code",
    description: "Fast, accessible websites and web applications built to grow with your business.",
    details:
      "We design and build websites and web applications that load fast, rank well and are easy to maintain.\n\nFrom a company profile to a customer portal, we take care of planning, development, testing and launch.\n\nEvery project ships with analytics, backups and documentation so your team stays in control.",
  },
  {
    title: "App Development",
    slug: "app-development",
    icon: "smartphone",
    description: "Mobile apps for iOS and Android that your customers enjoy using every day.",
    details:
      "We build native and cross-platform mobile apps, from the first prototype to the store release.\n\nOur team handles design, development, testing and the publishing process.\n\nAfter launch we monitor crashes and reviews and keep your app up to date.",
  },
  {
    title: "UI/UX Design",
    slug: "ui-ux-design",
    icon: "chart",
    description: "Clear, friendly interfaces based on research with your real users.",
    details:
      "Good design starts with understanding the people who use your product.\n\nWe run interviews and usability tests, then turn what we learn into wireframes, prototypes and a design system.\n\nThe result is an interface that is easy to learn and pleasant to use.",
  },
  {
    title: "Digital Marketing",
    slug: "digital-marketing",
    icon: "briefcase",
    description: "Search, social and e-mail campaigns that bring measurable results.",
    details:
      "We plan and run campaigns across search engines, social networks and e-mail.\n\nEvery campaign has clear goals and a monthly report in plain language.\n\nWe also help your team with content, SEO and analytics.",
  },
  {
    title: "Consulting",
    slug: "consulting",
    icon: "gear",
    description: "Technology advice that helps you choose well and spend wisely.",
    details:
      "Not sure which platform to choose or how to modernise an old system? We can help.\n\nWe review your current setup, talk to your team and give a written recommendation with costs and risks.\n\nWe can also stay on as a technical partner while you carry it out.",
  },
] as const;

/**
 * The legal pages every site starts with (Register links to /terms), served
 * and edited like any page. Starter text only: it says so, and the company
 * replaces it with its own (ideally checked by someone who knows its law).
 */
export const STARTER_PAGES = [
  {
    title: "Terms and Conditions",
    slug: "terms",
    meta_description: "The terms that apply when you use this website or create an account on it.",
    content: [
      "<p><em>This is starter text for the site's owner to replace with its own terms (Admin, then Pages). It is a placeholder, not legal advice.</em></p>",
      "<p>By using this website or creating an account on it you agree to these terms.</p>",
      "<h2>Accounts</h2>",
      "<p>Accounts are for people who write for us. A new account can sign in once an administrator approves it. Keep your sign-in details to yourself; you are responsible for what is published under your account.</p>",
      "<h2>Content</h2>",
      "<p>Only publish content you have the right to publish. Administrators may edit or remove content that breaks the law or these terms.</p>",
      "<h2>Changes</h2>",
      "<p>We may change these terms; the version on this page is the one that applies.</p>",
      '<p>How we handle personal data is described in our <a href="/privacy">Privacy Policy</a>.</p>',
    ].join("\n"),
  },
  {
    title: "Privacy Policy",
    slug: "privacy",
    meta_description: "What personal data this website keeps, why, and how to ask about it.",
    content: [
      "<p><em>This is starter text for the site's owner to replace with its own privacy policy (Admin, then Pages). It is a placeholder, not legal advice.</em></p>",
      "<h2>What we keep</h2>",
      "<p>When you write to us through the contact form we keep your name, e-mail address and message so that we can answer. When you create an account we keep your name, username and e-mail address to run it.</p>",
      "<h2>What we do not do</h2>",
      "<p>We do not sell personal data. We keep it only as long as we need it for the purpose it was given for.</p>",
      "<h2>Cookies and statistics</h2>",
      "<p>Say here whether the site measures visits (for example with an analytics service) and which cookies it sets.</p>",
      "<h2>Your rights</h2>",
      '<p>You may ask what we keep about you, and ask us to correct or delete it. Write to us through the <a href="/contact">contact page</a>.</p>',
    ].join("\n"),
  },
] as const;
/** What every starter member's bio says: sample text, for the company to replace. */
export const STARTER_TEAM_BIO_NOTE =
  "Sample team member: replace this name, role and text with someone from your company in Admin → Team, or delete this entry.";

/**
 * The About page's starter team: the people the page showed before the team
 * was editable, clearly marked as samples. Seeded once, when the team table
 * is new (server/seed/index.ts), so members a company deleted stay deleted.
 */
export const STARTER_TEAM = [
  { name: "Alya Pratama", role: "Founder & CEO" },
  { name: "Budi Santoso", role: "Head of Engineering" },
  { name: "Citra Lestari", role: "Lead Designer" },
].map((member) => ({
  ...member,
  bio: STARTER_TEAM_BIO_NOTE,
  photo_url: "",
  email: "",
  linkedin_url: "",
  published: true,
}));
