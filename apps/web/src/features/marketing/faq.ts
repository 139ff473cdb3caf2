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

export const faqGroups: FaqGroup[] = [
  {
    title: "faq.groups.product",
    items: [
      {
        id: "what-is-parley",
        question: "faq.items.whatIsParley.question",
        answer: ["faq.items.whatIsParley.a1"],
      },
      {
        id: "where-answers-come-from",
        question: "faq.items.whereAnswersComeFrom.question",
        answer: ["faq.items.whereAnswersComeFrom.a1", "faq.items.whereAnswersComeFrom.a2"],
      },
      {
        id: "models",
        question: "faq.items.models.question",
        answer: ["faq.items.models.a1", "faq.items.models.a2"],
      },
      {
        id: "knowledge-formats",
        question: "faq.items.knowledgeFormats.question",
        answer: ["faq.items.knowledgeFormats.a1"],
      },
      {
        id: "embedding",
        question: "faq.items.embedding.question",
        answer: ["faq.items.embedding.a1"],
      },
      {
        id: "page-speed",
        question: "faq.items.pageSpeed.question",
        answer: ["faq.items.pageSpeed.a1"],
      },
      {
        id: "allowed-domains",
        question: "faq.items.allowedDomains.question",
        answer: ["faq.items.allowedDomains.a1"],
      },
    ],
  },
  {
    title: "faq.groups.billing",
    items: [
      {
        id: "billing",
        question: "faq.items.billing.question",
        answer: ["faq.items.billing.a1"],
      },
      {
        id: "upgrades",
        question: "faq.items.upgrades.question",
        answer: ["faq.items.upgrades.a1"],
      },
      {
        id: "downgrades",
        question: "faq.items.downgrades.question",
        answer: ["faq.items.downgrades.a1"],
      },
      {
        id: "message-allowance",
        question: "faq.items.messageAllowance.question",
        answer: ["faq.items.messageAllowance.a1"],
      },
      {
        id: "free-plan",
        question: "faq.items.freePlan.question",
        answer: ["faq.items.freePlan.a1"],
      },
    ],
  },
  {
    title: "faq.groups.data",
    items: [
      {
        id: "data-retention",
        question: "faq.items.dataRetention.question",
        answer: ["faq.items.dataRetention.a1", "faq.items.dataRetention.a2"],
      },
      {
        id: "training",
        question: "faq.items.training.question",
        answer: ["faq.items.training.a1"],
      },
      {
        id: "help",
        question: "faq.items.help.question",
        answer: ["faq.items.help.a1"],
      },
    ],
  },
];
