/** Demo content, seeded only in demo mode. */

import demoPosts from "./demo-posts.json" with { type: "json" };

export const DEMO_ADMIN = {
  username: "admin",
  email: "admin@example.com",
  password: "admin12345",
  first_name: "Demo",
  last_name: "Admin",
} as const;

export const DEMO_STAFF = [
  {
    username: "editor",
    email: "editor@example.com",
    password: "editor12345",
    first_name: "Erin",
    last_name: "Editor",
    role: "editor",
  },
  {
    username: "author",
    email: "author@example.com",
    password: "author12345",
    first_name: "Arif",
    last_name: "Author",
    role: "author",
  },
] as const;

export const DEMO_CATEGORIES = ["Technology", "Business", "Marketing", "Design", "Development"];

type DemoPost = {
  title: string;
  excerpt: string;
  categories: string[];
  tags: string[];
  views: number;
  /** Days before now it was published; negative = scheduled in the future. */
  daysAgo: number | null;
  featured?: boolean;
  author?: "admin" | "editor" | "author";
  paragraphs: string[];
};

/**
 * The demo's posts, as data (demo-posts.json): the one check they need is that
 * each names an author the seed knows.
 */
export const DEMO_POSTS: DemoPost[] = demoPosts.map((post) => ({
  ...post,
  author: post.author === undefined ? undefined : demoAuthor(post.author),
}));

function demoAuthor(name: string): DemoPost["author"] {
  if (name === "admin" || name === "editor" || name === "author") return name;
  throw new Error(`demo-posts.json: unknown author "${name}"`);
}

export const DEMO_GALLERY = [
  { title: "Our Office", description: "Where the team meets every Monday.", category: "Office" },
  { title: "Team Workshop", description: "Planning a new project together.", category: "Team" },
  { title: "Product Launch", description: "Celebrating a successful launch.", category: "Events" },
  {
    title: "Design Sprint",
    description: "Five days from question to prototype.",
    category: "Team",
  },
  { title: "Client Visit", description: "Reviewing progress with a client.", category: "Events" },
  { title: "Meeting Room", description: "Our bright meeting room.", category: "Office" },
];

export const DEMO_MESSAGES = [
  {
    name: "Siti Rahma",
    email: "siti@example.org",
    subject: "Website redesign quote",
    message:
      "Hello, we would like a quote for redesigning our company website. Can we talk next week?",
    hoursAgo: 3,
  },
  {
    name: "John Carter",
    email: "john.carter@example.net",
    subject: "Mobile app question",
    message: "Do you also maintain apps built by another agency? Ours needs an update.",
    hoursAgo: 26,
  },
  {
    name: "Maya Putri",
    email: "maya@example.com",
    subject: "Partnership",
    message:
      "We run a marketing agency and are looking for a development partner. Are you open to that?",
    hoursAgo: 72,
    read: true,
  },
];

/** A company page of the demo's own, beside the starter Terms and Privacy: what pages are for. */
export const DEMO_PAGES = [
  {
    title: "Careers",
    slug: "careers",
    meta_description: "Open positions at the demo company and how to apply.",
    paragraphs: [
      "We are a small team that likes clear code, honest advice and long-term clients.",
      "<strong>Open positions:</strong> a front-end developer and a project manager, both full time, remote or in our office.",
      'Send a short note about yourself through the <a href="/contact">contact page</a>.',
    ],
  },
] as const;
const WORKDAY = [{ opens: "09:00", closes: "17:00" }];

/** The demo company's opening hours (Site Settings → Contact); no map, so the demo loads nothing from elsewhere. */
export const DEMO_OPENING_HOURS = {
  monday: WORKDAY,
  tuesday: WORKDAY,
  wednesday: WORKDAY,
  thursday: WORKDAY,
  friday: WORKDAY,
  saturday: [{ opens: "10:00", closes: "14:00" }],
  sunday: [],
};
