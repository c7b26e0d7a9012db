/**
 * The project columns an investor relies on: the story, the team, the terms, the documents and the
 * images. A founder's change to any of them on a live raise waits for review (revisions.ts).
 */
export const MATERIAL_FIELDS = {
  title: "Title",
  shortDescription: "Short description",
  description: "Description",
  about: "About",
  category: "Category",
  universityName: "University",
  location: "Location",
  riskLevel: "Risk level",
  returnRate: "Expected return",
  projectDuration: "Project duration",
  creatorInfo: "Creator information",
  teamDescription: "Team description",
  team: "Team members",
  details: "Business details, traction and roadmap",
  documents: "Documents",
  faqs: "FAQs",
  image: "Main image",
  gallery: "Gallery",
  logo: "Logo",
  fundingGoalCents: "Funding goal",
  sharePriceCents: "Share price",
  totalShares: "Total shares",
  equityPercentage: "Equity offered",
  regulationType: "Regulation type",
  valuationCents: "Valuation",
  minInvestmentCents: "Minimum investment",
} as const;
export type MaterialField = keyof typeof MATERIAL_FIELDS;
