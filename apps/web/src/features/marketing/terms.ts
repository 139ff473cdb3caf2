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

/** A section whose texts are `terms.sections.<key>.title` and the named paragraphs of the same key. */
function section<K extends SectionKey>(
  id: string,
  key: K,
  paragraphs: Exclude<keyof Sections[K] & string, "title">[],
): TermsSection {
  const text = (part: string) => `terms.sections.${key}.${part}` as TermsKey;
  return { id, title: text("title"), paragraphs: paragraphs.map(text) };
}

export const termsSections: TermsSection[] = [
  section("agreement", "agreement", ["p1", "p2"]),
  section("accounts", "accounts", ["p1", "p2"]),
  section("plans-and-payment", "plansAndPayment", ["p1", "p2", "p3", "p4"]),
  section("free-plan", "freePlan", ["p1"]),
  section("your-content", "yourContent", ["p1", "p2"]),
  section("acceptable-use", "acceptableUse", ["p1", "p2"]),
  section("answers", "answers", ["p1"]),
  section("third-party-models", "thirdPartyModels", ["p1"]),
  section("data", "data", ["p1", "p2"]),
  section("availability", "availability", ["p1"]),
  section("termination", "termination", ["p1"]),
  section("liability", "liability", ["p1"]),
  section("law", "law", ["p1"]),
  section("changes", "changes", ["p1"]),
  section("contact", "contact", ["p1"]),
];
