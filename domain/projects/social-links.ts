/** A project's links, in the order the form asks for them and the page shows them (no valibot: the page's bundle reads it). */
export const SOCIAL_LINKS = [
  { key: "website", label: "Website" },
  { key: "twitter", label: "Twitter" },
  { key: "facebook", label: "Facebook" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "instagram", label: "Instagram" },
] as const;
