export const TERMS_LAST_UPDATED = "2026-11-21";

type Sections = typeof import("@parley/ui/locales/en/pages").default.terms.sections;
type SectionKey = keyof Sections;
/** `terms.sections.<section>.title`, `.p1`, `.p2`… in the `pages` catalog. */
type TermsKey = { [K in SectionKey]: `terms.sections.${K}.${keyof Sections[K] & string}` }[SectionKey];

export interface TermsSection {
  id: string;
  title: TermsKey;
  paragraphs: TermsKey[];
}

export const termsSections: TermsSection[] = [
  {
    id: "agreement",
    title: "terms.sections.agreement.title",
    paragraphs: ["terms.sections.agreement.p1", "terms.sections.agreement.p2"],
  },
  {
    id: "accounts",
    title: "terms.sections.accounts.title",
    paragraphs: ["terms.sections.accounts.p1", "terms.sections.accounts.p2"],
  },
  {
    id: "plans-and-payment",
    title: "terms.sections.plansAndPayment.title",
    paragraphs: [
      "terms.sections.plansAndPayment.p1",
      "terms.sections.plansAndPayment.p2",
      "terms.sections.plansAndPayment.p3",
      "terms.sections.plansAndPayment.p4",
    ],
  },
  {
    id: "free-plan",
    title: "terms.sections.freePlan.title",
    paragraphs: ["terms.sections.freePlan.p1"],
  },
  {
    id: "your-content",
    title: "terms.sections.yourContent.title",
    paragraphs: ["terms.sections.yourContent.p1", "terms.sections.yourContent.p2"],
  },
  {
    id: "acceptable-use",
    title: "terms.sections.acceptableUse.title",
    paragraphs: ["terms.sections.acceptableUse.p1", "terms.sections.acceptableUse.p2"],
  },
  {
    id: "answers",
    title: "terms.sections.answers.title",
    paragraphs: ["terms.sections.answers.p1"],
  },
  {
    id: "third-party-models",
    title: "terms.sections.thirdPartyModels.title",
    paragraphs: ["terms.sections.thirdPartyModels.p1"],
  },
  {
    id: "data",
    title: "terms.sections.data.title",
    paragraphs: ["terms.sections.data.p1", "terms.sections.data.p2"],
  },
  {
    id: "availability",
    title: "terms.sections.availability.title",
    paragraphs: ["terms.sections.availability.p1"],
  },
  {
    id: "termination",
    title: "terms.sections.termination.title",
    paragraphs: ["terms.sections.termination.p1"],
  },
  {
    id: "liability",
    title: "terms.sections.liability.title",
    paragraphs: ["terms.sections.liability.p1"],
  },
  {
    id: "law",
    title: "terms.sections.law.title",
    paragraphs: ["terms.sections.law.p1"],
  },
  {
    id: "changes",
    title: "terms.sections.changes.title",
    paragraphs: ["terms.sections.changes.p1"],
  },
  {
    id: "contact",
    title: "terms.sections.contact.title",
    paragraphs: ["terms.sections.contact.p1"],
  },
];
