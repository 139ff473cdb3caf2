/** The loading splash picks one of these at random (spec: exactly 18 marketing lines). */
export const loadingTaglines = [
  "AI chatbots that answer from your own knowledge.",
  "One script tag, and your website starts answering.",
  "Turning your FAQs into conversations.",
  "Answers that cite your documents, not the internet.",
  "Support that never clocks out.",
  "Every question answered, every lead captured.",
  "Your knowledge base, now on speaking terms with customers.",
  "Fewer tickets, happier customers.",
  "Answers that stream in word by word, the moment they're ready.",
  "Priced in Bahraini dinar, paid with BENEFIT or card.",
  "Bring your own model, or answer without one.",
  "Learn what customers ask, straight from your inbox.",
  "From PDF to helpful answer in minutes.",
  "Allowed domains keep your chatbot on your sites only.",
  "A widget under 2 KB that waits until it's needed.",
  "Great answers start with your own words.",
  "Conversations that turn visitors into customers.",
  "Helpful at 3 a.m., on every page of your site.",
] as const;

export type LoadingTagline = (typeof loadingTaglines)[number];

/** `random` returns [0, 1) like Math.random; injectable so tests can pin the pick. */
export function pickTagline(random: () => number = Math.random): LoadingTagline {
  const index = Math.min(
    loadingTaglines.length - 1,
    Math.max(0, Math.floor(random() * loadingTaglines.length)),
  );
  return loadingTaglines[index] ?? loadingTaglines[0];
}
