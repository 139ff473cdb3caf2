import type { ContactRequest } from "@parley/contracts";

export type ContactTopic = ContactRequest["topic"];

/** The topics in the order the forms list them; each label is `pages:contact.topics.<value>`. */
export const contactTopics: { value: ContactTopic; label: `contact.topics.${ContactTopic}` }[] = [
  { value: "sales", label: "contact.topics.sales" },
  { value: "support", label: "contact.topics.support" },
  { value: "billing", label: "contact.topics.billing" },
  { value: "partnership", label: "contact.topics.partnership" },
  { value: "other", label: "contact.topics.other" },
];

export function topicFromQuery(value: string | null): ContactTopic {
  return contactTopics.find((topic) => topic.value === value)?.value ?? "other";
}
