export interface FaqItem {
  /** Stable anchor, so answers can be linked: /faq#data-retention. */
  id: string;
  question: string;
  answer: string[];
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

export const faqGroups: FaqGroup[] = [
  {
    title: "The product",
    items: [
      {
        id: "what-is-parley",
        question: "What is Parley?",
        answer: [
          "Parley is a platform for building AI chatbots that answer your customers from your own knowledge: your help articles, policies, product documents and website pages. You add the chatbot to your website with one script tag, and every conversation lands in your inbox.",
        ],
      },
      {
        id: "where-answers-come-from",
        question: "Where do the chatbot's answers come from?",
        answer: [
          "Only from the knowledge you add to that chatbot. Parley searches your sources for the passages that match the visitor's question and answers from them, showing where the answer came from.",
          "If nothing in your knowledge matches, the chatbot uses the fallback reply you wrote instead of guessing.",
        ],
      },
      {
        id: "models",
        question: "Which AI models does Parley use?",
        answer: [
          "Every plan includes the built-in answer engine. It needs no AI model or API key: it replies with the best-matching passages from your knowledge and cites them.",
          "On the Pro and Business plans you can bring your own model through any OpenAI-compatible endpoint, such as OpenAI, OpenRouter, or a self-hosted Ollama, vLLM or LM Studio server. You choose the model; your instructions and knowledge apply either way.",
        ],
      },
      {
        id: "knowledge-formats",
        question: "What can I teach my chatbot with?",
        answer: [
          "Plain text, question-and-answer pairs, uploaded files (PDF, DOCX, Markdown and TXT) and website URLs. Website sources are crawled up to a page limit you set, and you can re-crawl them whenever your site changes. Each source shows its progress and, if it fails, the reason.",
        ],
      },
      {
        id: "embedding",
        question: "How do I add the chatbot to my website?",
        answer: [
          "Copy the script tag from your chatbot's settings and paste it into your site, just before the closing </body> tag. It works with any website that lets you add a script, including most site builders and shop platforms. The Widget page shows the exact snippet.",
        ],
      },
      {
        id: "page-speed",
        question: "Will the widget slow down my website?",
        answer: [
          "No. The script is under 2 KB and loads asynchronously. It shows the chat launcher and downloads nothing else until a visitor hovers over it, clicks it, or the page has gone idle. The chat itself runs in a separate frame, so it can't clash with your site's styles.",
        ],
      },
      {
        id: "allowed-domains",
        question: "Can someone copy my script tag onto their own site?",
        answer: [
          "They can copy it, but it won't answer there. Each chatbot has a list of allowed domains, and requests from anywhere else are refused. Per-visitor and per-IP rate limits also stop anyone from using up your message allowance.",
        ],
      },
    ],
  },
  {
    title: "Plans and billing",
    items: [
      {
        id: "billing",
        question: "How does billing work?",
        answer: [
          "Plans are priced in Bahraini dinar (BHD) and billed monthly or yearly. A yearly plan costs ten months' price for twelve months, so you get two months free. You can pay with BENEFIT or with a debit or credit card.",
        ],
      },
      {
        id: "upgrades",
        question: "When does an upgrade take effect?",
        answer: [
          "As soon as your payment is captured. The new plan's limits apply immediately, and a new billing period starts from that moment.",
        ],
      },
      {
        id: "downgrades",
        question: "When does a downgrade take effect?",
        answer: [
          "At the end of your current billing period. You keep everything in your current plan until then, and you can cancel a scheduled downgrade any time before it takes effect. After the change, features that aren't in the new plan may stop being available.",
        ],
      },
      {
        id: "message-allowance",
        question: "What happens if I reach my monthly message limit?",
        answer: [
          "Each plan includes a monthly message allowance shared by all the chatbots on your account; the pricing page lists it for every plan. When it's used up, your chatbots stop taking new questions until the allowance resets at the start of the next month, or until you upgrade. An upgrade applies as soon as the payment is captured.",
        ],
      },
      {
        id: "free-plan",
        question: "Is the Free plan really free?",
        answer: [
          "Yes. The Free plan has one chatbot with the built-in answer engine and the embeddable widget, and you don't need a card to start. Upgrade only when you need more chatbots, messages or features.",
        ],
      },
    ],
  },
  {
    title: "Data and privacy",
    items: [
      {
        id: "data-retention",
        question: "How long do you keep conversations?",
        answer: [
          "You decide. Each chatbot has a data-retention setting in days, and conversations older than that are deleted automatically.",
          "If you delete your account, your chatbots, knowledge and conversations are deleted, and payment records are anonymised except where the law requires us to keep them.",
        ],
      },
      {
        id: "training",
        question: "Is my content used to train AI models?",
        answer: [
          "No. Parley doesn't train models on your knowledge or your conversations. The built-in answer engine uses no model at all. If you connect your own model provider, the passages needed to answer each question are sent to that provider under your agreement with them.",
        ],
      },
      {
        id: "help",
        question: "Can you help us set up our first chatbot?",
        answer: [
          "Yes. Tell us about your website through the contact form and we'll help you import your content and tune the first answers. Business customers also get a dedicated success manager.",
        ],
      },
    ],
  },
];
