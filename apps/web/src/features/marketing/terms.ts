export const TERMS_LAST_UPDATED = "2026-11-21";

export interface TermsSection {
  id: string;
  title: string;
  paragraphs: string[];
}

export const termsSections: TermsSection[] = [
  {
    id: "agreement",
    title: "1. About these terms",
    paragraphs: [
      'These terms govern your use of Parley, including the website, the dashboard, the chat widget and the API (together, the "Service"). By creating an account or using the Service on behalf of a business, you accept these terms for yourself and for that business.',
      "If you don't agree with these terms, don't use the Service.",
    ],
  },
  {
    id: "accounts",
    title: "2. Your account",
    paragraphs: [
      "You must give accurate sign-up details and keep your sign-in credentials secure. You're responsible for everything done under your account, including by team members you invite.",
      "Tell us promptly through the contact page if you believe your account has been accessed without your permission.",
    ],
  },
  {
    id: "plans-and-payment",
    title: "3. Plans, billing and payment",
    paragraphs: [
      "Paid plans are priced in Bahraini dinar (BHD) and billed in advance, monthly or yearly, as shown on the pricing page at the time you subscribe. Payments are processed by BENEFIT or by our card payment provider; we never see or store your full card number.",
      "An upgrade takes effect when your payment is captured and starts a new billing period from that moment. A downgrade takes effect at the end of your current billing period; until then you keep your current plan, and you may cancel a scheduled downgrade at any time before it takes effect.",
      "Each plan has limits, such as the number of chatbots, monthly messages, knowledge sources and team members. When a limit is reached, the related feature stops until the limit resets or you upgrade.",
      "Fees already paid are not refundable, except where required by law or where we end the Service for reasons other than your breach of these terms.",
    ],
  },
  {
    id: "free-plan",
    title: "4. The Free plan",
    paragraphs: [
      "The Free plan is offered without charge and may have lower limits and no guaranteed support response times. We may change the Free plan's limits with at least 30 days' notice.",
    ],
  },
  {
    id: "your-content",
    title: "5. Your content",
    paragraphs: [
      'You keep all rights to the content you add to Parley, such as text, files, question-and-answer pairs and website pages ("Knowledge"), and to your chatbots\' conversations. You give us permission to store, process and display that content only as needed to run the Service for you.',
      "You confirm you have the right to use your Knowledge, including any website you ask Parley to crawl. We don't use your Knowledge or conversations to train AI models.",
    ],
  },
  {
    id: "acceptable-use",
    title: "6. Acceptable use",
    paragraphs: [
      "You may not use Parley to deceive people about who they're talking to, to collect personal data without a lawful basis, to send spam, to distribute malware, or to publish content that is unlawful, harassing or infringes others' rights.",
      "You may not try to get around plan limits, allowed-domain checks or rate limits, probe the Service for vulnerabilities without our written permission, or resell the Service without an agreement with us.",
    ],
  },
  {
    id: "answers",
    title: "7. Chatbot answers",
    paragraphs: [
      "Your chatbots answer from the Knowledge you provide and, if you connect one, from a language model you choose. Automated answers can be incomplete or wrong. You're responsible for the Knowledge you provide and for how your chatbots are used with your customers, including telling visitors they're talking to an automated assistant where the law requires it.",
    ],
  },
  {
    id: "third-party-models",
    title: "8. Models and services you connect",
    paragraphs: [
      "If you connect your own model provider, the passages needed to answer each question are sent to that provider. Your use of that provider is governed by your agreement with them, and we aren't responsible for their service.",
    ],
  },
  {
    id: "data",
    title: "9. Data retention and deletion",
    paragraphs: [
      "Conversations are kept for the number of days set in each chatbot's retention setting and then deleted automatically. You can export or delete your data from the dashboard where the feature is available, or by contacting us.",
      "When you delete your account, we delete your chatbots, Knowledge and conversations, and anonymise payment records except where the law requires us to keep them. Backups are overwritten in the normal course of operation.",
    ],
  },
  {
    id: "availability",
    title: "10. Availability and changes",
    paragraphs: [
      "We work to keep Parley available and secure, but we don't promise that it will be uninterrupted or error-free. We may improve or change features; if a change materially reduces what a paid plan includes, we'll tell you in advance and you may cancel before it applies.",
    ],
  },
  {
    id: "termination",
    title: "11. Suspension and termination",
    paragraphs: [
      "You may stop using Parley and delete your account at any time. We may suspend or close an account that seriously or repeatedly breaks these terms, or where required by law, and will tell you why unless the law prevents us.",
    ],
  },
  {
    id: "liability",
    title: "12. Liability",
    paragraphs: [
      "To the extent the law allows, Parley is not liable for indirect or consequential losses, such as lost profits or lost data, and our total liability for any claim is limited to the fees you paid us in the twelve months before the claim arose. Nothing in these terms limits liability that cannot be limited by law.",
    ],
  },
  {
    id: "law",
    title: "13. Governing law",
    paragraphs: [
      "These terms are governed by the laws of the Kingdom of Bahrain, and the courts of the Kingdom of Bahrain have jurisdiction over any dispute arising from them.",
    ],
  },
  {
    id: "changes",
    title: "14. Changes to these terms",
    paragraphs: [
      "We may update these terms. We'll show the date of the latest version at the top of this page and, for material changes, notify account owners by email at least 30 days before they apply. Continuing to use Parley after that means you accept the updated terms.",
    ],
  },
  {
    id: "contact",
    title: "15. Contact",
    paragraphs: [
      'Questions about these terms? Write to us through the contact page and choose "Something else" as the topic.',
    ],
  },
];
