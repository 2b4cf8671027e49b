/** Demo content, seeded only in demo mode. */

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

export const DEMO_POSTS: DemoPost[] = [
  {
    title: "Five Signs Your Website Needs a Redesign",
    excerpt:
      "Slow pages, a dated look and falling enquiries are all clues. Here is what to look for.",
    categories: ["Design", "Business"],
    tags: ["web design", "strategy"],
    views: 2481,
    daysAgo: 2,
    featured: true,
    paragraphs: [
      "Your website is often the first conversation a customer has with your company. When it feels slow or old, visitors leave before they read a word.",
      "Look at how long your pages take to load on a phone, whether your team can update content without help, and whether visitors find the contact page in two clicks.",
      "If two or more of these answers disappoint you, a redesign will likely pay for itself within a year.",
    ],
  },
  {
    title: "How We Plan a Web Project From Day One",
    excerpt:
      "A look inside our discovery workshop, the document it produces and why it saves money.",
    categories: ["Development", "Business"],
    tags: ["process", "planning"],
    views: 1320,
    daysAgo: 5,
    featured: true,
    author: "editor",
    paragraphs: [
      "Every project starts with a half-day workshop with the people who will use the site and the people who will pay for it.",
      "We leave with a short written plan: goals, pages, integrations, risks and a budget range. Nothing is built before everyone agrees on it.",
      "Teams who skip this step usually pay for it later in change requests.",
    ],
  },
  {
    title: "Getting Started With Search Engine Optimisation",
    excerpt: "SEO is not magic. These basics cover most of what a company website needs.",
    categories: ["Marketing"],
    tags: ["seo", "content"],
    views: 3904,
    daysAgo: 9,
    featured: true,
    paragraphs: [
      "Search engines want to show people useful, fast, trustworthy pages. Everything in SEO follows from that.",
      "Give each page one clear topic, a descriptive title and a meta description that invites the click.",
      "Publish helpful articles regularly and link them to each other. Measure with analytics and adjust every quarter.",
    ],
  },
  {
    title: "Choosing Between a Native and a Cross-Platform App",
    excerpt:
      "Both can be the right answer. It depends on your budget, your features and your team.",
    categories: ["Technology", "Development"],
    tags: ["mobile", "apps"],
    views: 864,
    daysAgo: 14,
    author: "author",
    paragraphs: [
      "Native apps give you the best performance and the newest platform features on day one.",
      "Cross-platform frameworks let one team ship to iOS and Android at once, which often halves the cost.",
      "We help clients decide with a one-week prototype built the cheaper way first.",
    ],
  },
  {
    title: "Accessibility Is Good Business",
    excerpt:
      "One in five people has a disability. An accessible site reaches all of them and ranks better too.",
    categories: ["Design"],
    tags: ["accessibility", "web design"],
    views: 1045,
    daysAgo: 20,
    paragraphs: [
      "Accessibility means that everyone can use your website, including people who use a keyboard, a screen reader or a magnifier.",
      "Most fixes are simple: real headings, labels on form fields, enough colour contrast and text alternatives for images.",
      "The same fixes help search engines understand your content, so accessible sites tend to rank better.",
    ],
  },
  {
    title: "What a Content Calendar Does for a Small Team",
    excerpt: "Planning a month of posts in one sitting beats writing under pressure every week.",
    categories: ["Marketing", "Business"],
    tags: ["content", "planning"],
    views: 412,
    daysAgo: 26,
    author: "author",
    paragraphs: [
      "A content calendar is a simple table: date, topic, author, channel and status.",
      "It turns publishing from a weekly emergency into a routine, and it shows gaps before they happen.",
      "Start with one post a week and review the calendar together every month.",
    ],
  },
  {
    title: "Cloud Hosting Explained for Business Owners",
    excerpt: "What you pay for, what you do not, and how to avoid surprises on the monthly bill.",
    categories: ["Technology"],
    tags: ["cloud", "hosting"],
    views: 678,
    daysAgo: 33,
    paragraphs: [
      "Cloud hosting means renting computing power by the hour instead of buying servers.",
      "It scales up when traffic grows, but unused resources still cost money, so set budgets and alerts.",
      "For most company websites a small managed plan is more than enough.",
    ],
  },
  {
    title: "Designing Forms People Actually Finish",
    excerpt: "Every extra field costs you leads. Small changes make forms faster and friendlier.",
    categories: ["Design", "Marketing"],
    tags: ["ux", "conversion"],
    views: 1533,
    daysAgo: 41,
    author: "editor",
    paragraphs: [
      "Ask only for what you need now. You can always ask for more later.",
      "Put labels above fields, show errors next to the field that caused them and keep the message kind.",
      "Tell people what happens after they press send, and thank them when they do.",
    ],
  },
  {
    title: "Keeping Your Website Secure Without a Security Team",
    excerpt: "Updates, backups, strong passwords and HTTPS cover most of the risk.",
    categories: ["Technology", "Development"],
    tags: ["security", "hosting"],
    views: 957,
    daysAgo: 50,
    paragraphs: [
      "Most attacks on small company sites are automated and look for old software and weak passwords.",
      "Keep everything updated, use a password manager, turn on two-step sign-in and serve the site over HTTPS only.",
      "Test that you can restore your backups. A backup you have never restored is only a hope.",
    ],
  },
  {
    title: "Measuring What Matters With Web Analytics",
    excerpt: "Page views are not goals. Decide what success looks like, then measure that.",
    categories: ["Marketing"],
    tags: ["analytics", "strategy"],
    views: 733,
    daysAgo: 58,
    paragraphs: [
      "Start with one or two goals, such as contact form submissions or quote requests.",
      "Track where those visitors came from and which pages they read before converting.",
      "Review the numbers monthly and change one thing at a time.",
    ],
  },
  {
    title: "Our Favourite Tools for Remote Collaboration",
    excerpt: "The handful of tools our distributed team relies on every day.",
    categories: ["Business"],
    tags: ["remote work", "process"],
    views: 289,
    daysAgo: 66,
    author: "author",
    paragraphs: [
      "Working across time zones means writing things down. A shared wiki is our single source of truth.",
      "Short video calls for decisions, chat for quick questions and a task board for everything else.",
      "The tool matters less than the habit: update the board before you log off.",
    ],
  },
  {
    title: "From Idea to Launch: A Case Study",
    excerpt: "How a local bakery went from a paper menu to online orders in six weeks.",
    categories: ["Business", "Development"],
    tags: ["case study", "web design"],
    views: 1876,
    daysAgo: 75,
    paragraphs: [
      "The bakery wanted customers to order cakes online without phoning the shop.",
      "We built a simple site with a product list, a calendar for pick-up dates and card payments.",
      "Within three months a third of all cake orders arrived online, and the phone rang less during rush hour.",
    ],
  },
  {
    title: "Brand Guidelines: A Starter Kit",
    excerpt: "Draft: the minimum set of rules that keeps your brand consistent.",
    categories: ["Design"],
    tags: ["branding"],
    views: 0,
    daysAgo: null,
    paragraphs: [
      "Logo usage, colours, typography and tone of voice: four pages are enough to start.",
    ],
  },
  {
    title: "Notes on Our Next Product Launch",
    excerpt: "Draft: internal notes for the upcoming launch announcement.",
    categories: ["Business"],
    tags: ["planning"],
    views: 0,
    daysAgo: null,
    author: "author",
    paragraphs: [
      "Outline the announcement, the landing page and the e-mail to existing customers.",
    ],
  },
  {
    title: "Looking Ahead: Trends for Next Year",
    excerpt: "Scheduled: the technology and design trends we expect to matter next year.",
    categories: ["Technology"],
    tags: ["strategy"],
    views: 0,
    daysAgo: -7,
    paragraphs: [
      "Faster sites, more accessible design and smarter search will shape next year's web projects.",
    ],
  },
];

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
