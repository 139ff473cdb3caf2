/** An FAQ entry: its anchor and its texts' keys in the `pages` catalog. */
export interface FaqItem {
  /** Stable anchor, so answers can be linked: /faq#data-retention. */
  id: string;
  question: FaqKey;
  answer: FaqKey[];
}

type Items = typeof import("@parley/ui/locales/en/pages").default.faq.items;
type ItemKey = keyof Items;
/** `faq.items.<item>.question` or `faq.items.<item>.a1`, `a2`… */
type FaqKey = { [K in ItemKey]: `faq.items.${K}.${keyof Items[K] & string}` }[ItemKey];

export interface FaqGroup {
  title: "faq.groups.product" | "faq.groups.billing" | "faq.groups.data";
  items: FaqItem[];
}

/** An entry whose texts are `faq.items.<key>.question` and the named answer paragraphs of the same key. */
function item<K extends ItemKey>(
  id: string,
  key: K,
  answer: Exclude<keyof Items[K] & string, "question">[],
): FaqItem {
  const text = (part: string) => `faq.items.${key}.${part}` as FaqKey;
  return { id, question: text("question"), answer: answer.map(text) };
}

export const faqGroups: FaqGroup[] = [
  {
    title: "faq.groups.product",
    items: [
      item("what-is-parley", "whatIsParley", ["a1"]),
      item("where-answers-come-from", "whereAnswersComeFrom", ["a1", "a2"]),
      item("models", "models", ["a1", "a2"]),
      item("knowledge-formats", "knowledgeFormats", ["a1"]),
      item("embedding", "embedding", ["a1"]),
      item("page-speed", "pageSpeed", ["a1"]),
      item("allowed-domains", "allowedDomains", ["a1"]),
    ],
  },
  {
    title: "faq.groups.billing",
    items: [
      item("billing", "billing", ["a1"]),
      item("upgrades", "upgrades", ["a1"]),
      item("downgrades", "downgrades", ["a1"]),
      item("message-allowance", "messageAllowance", ["a1"]),
      item("free-plan", "freePlan", ["a1"]),
    ],
  },
  {
    title: "faq.groups.data",
    items: [
      item("data-retention", "dataRetention", ["a1", "a2"]),
      item("training", "training", ["a1"]),
      item("help", "help", ["a1"]),
    ],
  },
];
