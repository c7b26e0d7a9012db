/**
 * A stored project as the project form's values: what the edit page shows, and what a publish
 * validates again (the form's names are the API's JSON paths, ADR 016).
 */
/** A stored project as the form's values (for the edit page and for re-validation on publish). */
export function formValuesOf(p: {
  title: string;
  shortDescription: string;
  description: string;
  category: string;
  about: string;
  tags: string[];
  location: string | null;
  university: { name: string } | null;
  riskLevel: string;
  returnRate: number | null;
  projectDuration: number;
  fundingGoal: number;
  fundingDeadline: string;
  sharePrice: number;
  totalShares: number;
  regulationType: string;
  investmentTerms: { equityPercentage: number; minInvestment: number };
  creatorInfo: Record<string, unknown>;
  image: string;
  logo: string | null;
  images: { gallery: string[] };
  socialLinks: Record<string, unknown>;
  teamDescription: string | null;
  details: Record<string, unknown>;
  team: Record<string, unknown>[];
  documents: { name: string; type: string; url: string }[];
  faqs: { question: string; answer: string }[];
}): Record<string, unknown> {
  return {
    title: p.title,
    shortDescription: p.shortDescription,
    description: p.description,
    category: p.category,
    about: p.about,
    tags: p.tags.join(", "),
    location: p.location ?? "",
    university: p.university?.name ?? "",
    riskLevel: p.riskLevel,
    returnRate: p.returnRate ?? "",
    projectDuration: p.projectDuration,
    fundingGoal: p.fundingGoal,
    fundingDeadline: p.fundingDeadline,
    sharePrice: p.sharePrice,
    totalShares: p.totalShares,
    regulationType: p.regulationType,
    investmentTerms: { ...p.investmentTerms },
    creatorInfo: { ...p.creatorInfo },
    image: p.image,
    logo: p.logo ?? "",
    gallery: [...p.images.gallery],
    socialLinks: { ...p.socialLinks },
    teamDescription: p.teamDescription ?? "",
    details: structuredClone(p.details),
    team: structuredClone(p.team),
    documents: structuredClone(p.documents),
    faqs: structuredClone(p.faqs),
  };
}
