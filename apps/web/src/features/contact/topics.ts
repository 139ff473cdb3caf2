import type { ContactRequest } from "@parley/contracts";

export type ContactTopic = ContactRequest["topic"];

export const contactTopics: { value: ContactTopic; label: string }[] = [
  { value: "sales", label: "Sales and plans" },
  { value: "support", label: "Help with my chatbot" },
  { value: "billing", label: "Billing and payments" },
  { value: "partnership", label: "Partnership" },
  { value: "other", label: "Something else" },
];

export function topicFromQuery(value: string | null): ContactTopic {
  return contactTopics.find((topic) => topic.value === value)?.value ?? "other";
}
