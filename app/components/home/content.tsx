/** The home page's fixed content: features, steps, market figures, reasons, roadmap and team. */
import { FeatureIcons } from "../feature-icons";
import { FOUNDER_SIGNUP } from "../../../domain/accounts/roles";

export const FEATURES = [
  {
    icon: FeatureIcons.folder,
    title: "Discover campus startups",
    text: "Browse student-founded projects by sector and read the pitch, the team, the traction and the terms in one place.",
  },
  {
    icon: FeatureIcons.fees,
    title: "Invest with simulated money",
    text: "Every investor gets a demo account with virtual funds: buy real-feeling shares without risking a cent.",
  },
  {
    icon: FeatureIcons.transparent,
    title: "Portfolio and AI insights",
    text: "Follow your holdings, totals, risk and diversification, with plain-language insights on your positions.",
  },
  {
    icon: FeatureIcons.rocket,
    title: "Tools for student founders",
    text: "List your startup, set your goal, share price and equity, and follow every share you sell.",
    cta: { to: FOUNDER_SIGNUP, label: "Start raising" },
  },
  {
    icon: FeatureIcons.compliance,
    title: "Deal terms explained",
    text: "SAFE notes, Reg CF and Reg A+ offerings described the way a first-time investor can follow them.",
  },
  {
    icon: FeatureIcons.curated,
    title: "A community behind founders",
    text: "Supporters add their names to back the mission, and universities can partner to bring it to campus.",
  },
];

export const STEPS = [
  {
    title: "Create your account",
    text: "Sign up as an investor to back startups, or as a founder to raise for your own.",
  },
  { title: "Discover student startups", text: "Explore projects by sector, read the pitch, the team and the terms." },
  { title: "Invest and track", text: "Buy shares with simulated money and follow your portfolio and AI insights." },
];

export const STATS = [
  { value: "5M", label: "student founders", text: "college students are building a company while they study." },
  { value: "$10Bn", label: "market", text: "in early-stage capital that could reach campus startups." },
  { value: "65%", label: "of Americans invest", text: "already own stocks, and many want earlier access to startups." },
  { value: "25,000+", label: "startups launched", text: "by students and recent graduates, and counting." },
  {
    value: "5000+",
    label: "potential partner universities",
    text: "colleges and universities that could bring CampusFund to campus.",
  },
];

export const WHY_US = [
  {
    icon: FeatureIcons.fees,
    title: "Lower fees",
    text: "Student founders keep more of what they raise, and investors pay no hidden platform charges.",
  },
  {
    icon: FeatureIcons.transparent,
    title: "Transparent processes",
    text: "Every raise shows its goal, share price, valuation and progress, so you always know where a deal stands.",
  },
  {
    icon: FeatureIcons.curated,
    title: "Curated selection",
    text: "We review each campus startup before it lists, so you browse promising teams rather than noise.",
  },
  {
    icon: FeatureIcons.compliance,
    title: "Broker-dealer compliance",
    text: "Offerings follow the SAFE, Reg CF (up to $5 million) and Reg A+ (up to $75 million) rules, with the disclosures investors expect.",
  },
  {
    icon: FeatureIcons.seed,
    title: "A yearly seed of up to 50 companies",
    text: "Each year we seed a cohort of up to 50 student companies to give the best ideas a head start.",
  },
];

export const ROADMAP = [
  {
    when: "Now",
    title: "Demo platform",
    text: "Explore projects, invest and track a portfolio with simulated money.",
    current: true,
  },
  {
    when: "Now",
    title: "Founder tools",
    text: "Build your project page, submit it for review, post updates and answer investors' questions.",
    current: true,
  },
  { when: "Next", title: "University partners", text: "Partnerships with campuses to source and mentor founders." },
  { when: "Later", title: "First seed cohort", text: "A yearly seed of up to 50 student companies." },
];

/** The CampusFund team (fictional people; local illustrated avatars). */
export const TEAM = [
  {
    name: "Maya Chen",
    role: "Co-founder & CEO",
    image: "/images/team/maya-chen.svg",
    bio: "Started two campus ventures before graduating in economics, and wants every student founder to have backers.",
  },
  {
    name: "Jordan Okafor",
    role: "Co-founder & CTO",
    image: "/images/team/jordan-okafor.svg",
    bio: "Builds the platform: fast pages, careful money maths, and forms that work everywhere.",
  },
  {
    name: "Priya Raman",
    role: "Head of Compliance",
    image: "/images/team/priya-raman.svg",
    bio: "A securities lawyer who keeps every offering on the right side of Reg CF, Reg A+ and broker-dealer rules.",
  },
  {
    name: "Lucas Moreno",
    role: "Head of University Partnerships",
    image: "/images/team/lucas-moreno.svg",
    bio: "Works with campus incubators and student clubs to find and mentor the next cohort of founders.",
  },
];

/** The reveal delay between neighbouring cards (ms). */
export const STAGGER_MS = 80;
