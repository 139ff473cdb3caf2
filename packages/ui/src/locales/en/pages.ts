/** The public site's lazily loaded pages (services, FAQ, terms, widget how-to, contact and its receipt, support): not needed for the first paint. */
const pages = {
  services: {
    eyebrow: "Services",
    title: "Everything you need to answer customers automatically",
    lead: "Parley takes your knowledge, puts a chatbot on your website and shows you what people ask. Here's what's included and how each part works.",
    pillNav: "Services on this page",
    planPro: "Pro and Business",
    planStarter: "Starter and above",
    items: {
      knowledge: {
        title: "Knowledge ingestion",
        summary:
          "Teach your chatbot from the material you already have. Every source shows its status, and failures say why.",
        p1: "Plain text for policies, opening hours and product notes",
        p2: "Question-and-answer pairs for the answers you want word for word",
        p3: "Files: PDF, DOCX, Markdown and TXT",
        p4: "Websites: crawl your pages with a page limit, and re-crawl when they change",
      },
      widget: {
        title: "The website widget",
        summary:
          "One script tag adds a chat launcher to any site, from a hand-written page to a shop builder.",
        p1: "Under 2 KB, and nothing more loads until a visitor opens it",
        p2: "Isolated from your page's styles, and works under a strict Content Security Policy",
        p3: "Replies stream word by word and render as clean, safe formatting",
        p4: "Runs only on the domains you allow, with per-visitor rate limits",
      },
      inbox: {
        title: "Inbox & analytics",
        summary: "Read every conversation and learn what your customers actually ask.",
        p1: "All conversations in one inbox, per chatbot",
        p2: "Thumbs up and down on each answer, so weak spots stand out",
        p3: "Questions that hit the fallback reply, ready to become new knowledge",
      },
      leads: {
        title: "Lead capture",
        summary: "Turn a question into a conversation your sales team can continue.",
        p1: "Ask for a name and email at the moment it makes sense",
        p2: "Offer a follow-up when the chatbot can't answer",
        p3: "Leads arrive with the conversation that produced them",
      },
      models: {
        title: "Bring your own model",
        summary: "Use the built-in answer engine, or connect the language model you trust.",
        p1: "Built-in engine: answers with the best-matching passages from your knowledge and cites them; no AI key needed",
        p2: "Any OpenAI-compatible endpoint: OpenAI, OpenRouter, or your own Ollama, vLLM or LM Studio server",
        p3: "Your instructions, greeting and fallback reply apply whichever model answers",
      },
      onboarding: {
        title: "Onboarding help",
        summary: "A person from our team helps you get your first chatbot right.",
        p1: "We help import your help centre, FAQs and product documents",
        p2: "We review early conversations with you and tune instructions and knowledge",
        p3: "Business customers get a dedicated success manager",
      },
    },
    cta: {
      title: "See which plan fits",
      body: "Every plan includes the widget and the built-in answer engine. Compare limits and extras.",
      compare: "Compare plans",
      startFree: "Start free",
    },
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently asked questions",
    lead: "How Parley answers, what it costs, and what happens to your data. Can't find your question? <a>Ask us directly</a>.",
    groups: {
      product: "The product",
      billing: "Plans and billing",
      data: "Data and privacy",
    },
    items: {
      whatIsParley: {
        question: "What is Parley?",
        a1: "Parley is a platform for building AI chatbots that answer your customers from your own knowledge: your help articles, policies, product documents and website pages. You add the chatbot to your website with one script tag, and every conversation lands in your inbox.",
      },
      whereAnswersComeFrom: {
        question: "Where do the chatbot's answers come from?",
        a1: "Only from the knowledge you add to that chatbot. Parley searches your sources for the passages that match the visitor's question and answers from them, showing where the answer came from.",
        a2: "If nothing in your knowledge matches, the chatbot uses the fallback reply you wrote instead of guessing.",
      },
      models: {
        question: "Which AI models does Parley use?",
        a1: "Every plan includes the built-in answer engine. It needs no AI model or API key: it replies with the best-matching passages from your knowledge and cites them.",
        a2: "On the Pro and Business plans you can bring your own model through any OpenAI-compatible endpoint, such as OpenAI, OpenRouter, or a self-hosted Ollama, vLLM or LM Studio server. You choose the model; your instructions and knowledge apply either way.",
      },
      knowledgeFormats: {
        question: "What can I teach my chatbot with?",
        a1: "Plain text, question-and-answer pairs, uploaded files (PDF, DOCX, Markdown and TXT) and website URLs. Website sources are crawled up to a page limit you set, and you can re-crawl them whenever your site changes. Each source shows its progress and, if it fails, the reason.",
      },
      embedding: {
        question: "How do I add the chatbot to my website?",
        a1: "Copy the script tag from your chatbot's settings and paste it into your site, just before the closing </body> tag. It works with any website that lets you add a script, including most site builders and shop platforms. The Widget page shows the exact snippet.",
      },
      pageSpeed: {
        question: "Will the widget slow down my website?",
        a1: "No. The script is under 2 KB and loads asynchronously. It shows the chat launcher and downloads nothing else until a visitor hovers over it, clicks it, or the page has gone idle. The chat itself runs in a separate frame, so it can't clash with your site's styles.",
      },
      allowedDomains: {
        question: "Can someone copy my script tag onto their own site?",
        a1: "They can copy it, but it won't answer there. Each chatbot has a list of allowed domains, and requests from anywhere else are refused. Per-visitor and per-IP rate limits also stop anyone from using up your message allowance.",
      },
      billing: {
        question: "How does billing work?",
        a1: "Plans are priced in Bahraini dinar (BHD) and billed monthly or yearly. A yearly plan costs ten months' price for twelve months, so you get two months free. You can pay with BENEFIT or with a debit or credit card.",
      },
      upgrades: {
        question: "When does an upgrade take effect?",
        a1: "As soon as your payment is captured. The new plan's limits apply immediately, and a new billing period starts from that moment.",
      },
      downgrades: {
        question: "When does a downgrade take effect?",
        a1: "At the end of your current billing period. You keep everything in your current plan until then, and you can cancel a scheduled downgrade any time before it takes effect. After the change, features that aren't in the new plan may stop being available.",
      },
      messageAllowance: {
        question: "What happens if I reach my monthly message limit?",
        a1: "Each plan includes a monthly message allowance shared by all the chatbots on your account; the pricing page lists it for every plan. When it's used up, your chatbots stop taking new questions until the allowance resets at the start of the next month, or until you upgrade. An upgrade applies as soon as the payment is captured.",
      },
      freePlan: {
        question: "Is the Free plan really free?",
        a1: "Yes. The Free plan has one chatbot with the built-in answer engine and the embeddable widget, and you don't need a card to start. Upgrade only when you need more chatbots, messages or features.",
      },
      dataRetention: {
        question: "How long do you keep conversations?",
        a1: "You decide. Each chatbot has a data-retention setting in days, and conversations older than that are deleted automatically.",
        a2: "If you delete your account, your chatbots, knowledge and conversations are deleted, and payment records are anonymised except where the law requires us to keep them.",
      },
      training: {
        question: "Is my content used to train AI models?",
        a1: "No. Parley doesn't train models on your knowledge or your conversations. The built-in answer engine uses no model at all. If you connect your own model provider, the passages needed to answer each question are sent to that provider under your agreement with them.",
      },
      help: {
        question: "Can you help us set up our first chatbot?",
        a1: "Yes. Tell us about your website through the contact form and we'll help you import your content and tune the first answers. Business customers also get a dedicated success manager.",
      },
    },
  },
  terms: {
    eyebrow: "Legal",
    title: "Terms & Conditions",
    lead: "The agreement between Parley and the businesses that use it, written to be read.",
    lastUpdated: "Last updated <time>{{date}}</time>.",
    tocLabel: "Sections",
    tocTitle: "On this page",
    seeAlso: "See also the <a>FAQ</a> for plain-language answers about billing and data.",
    sections: {
      agreement: {
        title: "1. About these terms",
        p1: 'These terms govern your use of Parley, including the website, the dashboard, the chat widget and the API (together, the "Service"). By creating an account or using the Service on behalf of a business, you accept these terms for yourself and for that business.',
        p2: "If you don't agree with these terms, don't use the Service.",
      },
      accounts: {
        title: "2. Your account",
        p1: "You must give accurate sign-up details and keep your sign-in credentials secure. You're responsible for everything done under your account, including by team members you invite.",
        p2: "Tell us promptly through the contact page if you believe your account has been accessed without your permission.",
      },
      plansAndPayment: {
        title: "3. Plans, billing and payment",
        p1: "Paid plans are priced in Bahraini dinar (BHD) and billed in advance, monthly or yearly, as shown on the pricing page at the time you subscribe. Payments are processed by BENEFIT or by our card payment provider; we never see or store your full card number.",
        p2: "An upgrade takes effect when your payment is captured and starts a new billing period from that moment. A downgrade takes effect at the end of your current billing period; until then you keep your current plan, and you may cancel a scheduled downgrade at any time before it takes effect.",
        p3: "Each plan has limits, such as the number of chatbots, monthly messages, knowledge sources and team members. When a limit is reached, the related feature stops until the limit resets or you upgrade.",
        p4: "Fees already paid are not refundable, except where required by law or where we end the Service for reasons other than your breach of these terms.",
      },
      freePlan: {
        title: "4. The Free plan",
        p1: "The Free plan is offered without charge and may have lower limits and no guaranteed support response times. We may change the Free plan's limits with at least 30 days' notice.",
      },
      yourContent: {
        title: "5. Your content",
        p1: 'You keep all rights to the content you add to Parley, such as text, files, question-and-answer pairs and website pages ("Knowledge"), and to your chatbots\' conversations. You give us permission to store, process and display that content only as needed to run the Service for you.',
        p2: "You confirm you have the right to use your Knowledge, including any website you ask Parley to crawl. We don't use your Knowledge or conversations to train AI models.",
      },
      acceptableUse: {
        title: "6. Acceptable use",
        p1: "You may not use Parley to deceive people about who they're talking to, to collect personal data without a lawful basis, to send spam, to distribute malware, or to publish content that is unlawful, harassing or infringes others' rights.",
        p2: "You may not try to get around plan limits, allowed-domain checks or rate limits, probe the Service for vulnerabilities without our written permission, or resell the Service without an agreement with us.",
      },
      answers: {
        title: "7. Chatbot answers",
        p1: "Your chatbots answer from the Knowledge you provide and, if you connect one, from a language model you choose. Automated answers can be incomplete or wrong. You're responsible for the Knowledge you provide and for how your chatbots are used with your customers, including telling visitors they're talking to an automated assistant where the law requires it.",
      },
      thirdPartyModels: {
        title: "8. Models and services you connect",
        p1: "If you connect your own model provider, the passages needed to answer each question are sent to that provider. Your use of that provider is governed by your agreement with them, and we aren't responsible for their service.",
      },
      data: {
        title: "9. Data retention and deletion",
        p1: "Conversations are kept for the number of days set in each chatbot's retention setting and then deleted automatically. You can export or delete your data from the dashboard where the feature is available, or by contacting us.",
        p2: "When you delete your account, we delete your chatbots, Knowledge and conversations, and anonymise payment records except where the law requires us to keep them. Backups are overwritten in the normal course of operation.",
      },
      availability: {
        title: "10. Availability and changes",
        p1: "We work to keep Parley available and secure, but we don't promise that it will be uninterrupted or error-free. We may improve or change features; if a change materially reduces what a paid plan includes, we'll tell you in advance and you may cancel before it applies.",
      },
      termination: {
        title: "11. Suspension and termination",
        p1: "You may stop using Parley and delete your account at any time. We may suspend or close an account that seriously or repeatedly breaks these terms, or where required by law, and will tell you why unless the law prevents us.",
      },
      liability: {
        title: "12. Liability",
        p1: "To the extent the law allows, Parley is not liable for indirect or consequential losses, such as lost profits or lost data, and our total liability for any claim is limited to the fees you paid us in the twelve months before the claim arose. Nothing in these terms limits liability that cannot be limited by law.",
      },
      law: {
        title: "13. Governing law",
        p1: "These terms are governed by the laws of the Kingdom of Bahrain, and the courts of the Kingdom of Bahrain have jurisdiction over any dispute arising from them.",
      },
      changes: {
        title: "14. Changes to these terms",
        p1: "We may update these terms. We'll show the date of the latest version at the top of this page and, for material changes, notify account owners by email at least 30 days before they apply. Continuing to use Parley after that means you accept the updated terms.",
      },
      contact: {
        title: "15. Contact",
        p1: 'Questions about these terms? Write to us through the contact page and choose "Something else" as the topic.',
      },
    },
  },
  contact: {
    eyebrow: "Contact",
    title: "Talk to the people behind Parley",
    lead: "Questions about plans, a chatbot that isn't answering the way you want, or an idea for working together? Send us a message and a real person will reply.",
    points: {
      sales: "<b>Sales and plans.</b> Not sure which plan fits your message volume? We'll size it with you.",
      onboarding:
        "<b>Onboarding help.</b> We can help you import your help centre and tune your first chatbot's answers.",
      billing: "<b>Billing.</b> Questions about BENEFIT or card payments, invoices, upgrades and downgrades.",
    },
    faqNote: "Looking for a quick answer? The <a>FAQ</a> covers billing, data retention and models.",
    sent: "Message sent",
    sendAnother: "Send another message",
    formTitle: "Send us a message",
    name: "Name",
    email: "Work email",
    company: "Company",
    topic: "Topic",
    message: "Message",
    messagePlaceholder:
      "Tell us about your website, your customers' most common questions, or what you need help with.",
    notSent: "Your message wasn't sent.",
    hint: "We reply by email, usually within one business day.",
    sending: "Sending…",
    send: "Send message",
    topics: {
      sales: "Sales and plans",
      support: "Help with my chatbot",
      billing: "Billing and payments",
      partnership: "Partnership",
      other: "Something else",
    },
  },
  receipt: {
    reference: "Reference",
    received: "Received",
    fallbackMessage: "We have your message and will reply by email within one business day.",
  },
  support: {
    title: "Support",
    lead: "Questions about your chatbot, your plan or your account? A person on our team reads every message and replies by email.",
    formLabel: "Support request",
    received: "Request received",
    sendAnother: "Send another request",
    quoteReference: "Quote the reference if you write to us about this request.",
    formTitle: "How can we help?",
    name: "Name",
    replyTo: "Reply to",
    topic: "Topic",
    message: "Message",
    messagePlaceholder: "What happened, what you expected, and any chatbot or page it concerns.",
    notSent: "Your request wasn't sent.",
    hint: "Sent from your account, so we can see your plan.",
    sending: "Sending…",
    send: "Send request",
    asideLabel: "Other help",
    quickTitle: "Quick answers",
    quickFaq: "<a>FAQ</a>: billing, data retention and models.",
    quickBilling: "<a>Billing</a>: your plan, payments and scheduled changes.",
    quickAccount: "<a>Account</a>: name, email, password and sign-in methods.",
    fasterTitle: "Get a faster answer",
    fasterBody:
      "Tell us what you did, what you expected and what happened instead. For a wrong chatbot answer, paste the question you asked.",
  },
  widget: {
    eyebrow: "Widget",
    title: "Add your chatbot to any website with one tag",
    lead: "Paste the snippet before the closing <code>&lt;/body&gt;</code> tag on every page where the chat should appear. It works with hand-written sites, CMSs and shop builders that allow custom code.",
    codeLabel: "HTML",
    steps: {
      copy: "Copy the snippet",
      idTitle: "Put in your chatbot's id",
      idBody:
        "Replace <code>cb_…</code> with your chatbot's public id. You'll find it, with the snippet already filled in, in your chatbot's settings in the dashboard.",
      domainsTitle: "Allow your domains",
      domainsBody:
        "Add the domains where the widget runs, such as <code>www.example.com</code>, to the chatbot's allowed domains. Requests from other sites are refused.",
    },
    linkTitle: "Sharing a direct chat link",
    linkBody:
      "Every chatbot also has a full-page chat at <code>/widget/chat/&lt;chatbotId&gt;</code>. Link to it from emails, QR codes or social profiles when there's no website to embed into.",
    behaviourTitle: "How the widget behaves on your site",
    behaviours: {
      light: {
        title: "Light until it's needed",
        body: "The script is under 2 KB and loads with async, so it never blocks your page. It asks one small question (may the chat run here?), shows the launcher, and loads the chat only when a visitor hovers, clicks or the page goes idle.",
      },
      isolated: {
        title: "Isolated, and strict-CSP friendly",
        body: "The launcher lives in a Shadow DOM and the conversation in its own frame, so your CSS can't break the chat. Nothing inline is injected: allow the Parley origin in script-src, connect-src and frame-src and you're done.",
      },
      remembers: {
        title: "Remembers your visitors",
        body: "The conversation follows the visitor across reloads and pages of your site, even in browsers that block third-party storage. Signed-in customers can pick it up on any device.",
      },
      domains: {
        title: "Stays on your domains",
        body: "List the domains your chatbot may run on. A copied snippet on anyone else's site draws nothing, and your browser console says which domain to add.",
      },
    },
    demo: {
      placeholderTitle: "See it on your own site",
      placeholderBody:
        "Create a chatbot, add your knowledge, and paste its snippet: the launcher appears in the corner of your pages.",
      startFree: "Start free",
      title: "Live demo",
      note: "This is the Acme Coffee assistant, a demo bot answering from five knowledge sources with Parley's built-in answer engine. Ask it when the café opens, whether it delivers to Muharraq, or how the coffee club works.",
      snippetNote: "The same chat page opens from the launcher when this snippet is on a site:",
      frameTitle: "Live demo: Acme Coffee assistant",
    },
    copy: {
      copied: "Copied",
      failed: "Press Ctrl+C to copy",
      copiedStatus: "Snippet copied to clipboard",
      failedStatus: "Copy failed",
    },
    missing: {
      title: "This chat link is missing its chatbot id",
      body1:
        "Chat links end with the id of the chatbot you want to talk to, like <code>/widget/chat/&lt;chatbotId&gt;</code>. The part after <code>/widget/chat/</code> may have been cut off when the link was copied.",
      body2:
        "If a business sent you this link, please ask them for the full address. If you run a chatbot, copy the link again from its settings.",
      howLinksWork: "How chat links work",
      home: "Parley home",
    },
    unavailable: {
      title: "Chat isn't available yet",
      body: "The chat for this chatbot (<code>{{id}}</code>) can't be opened here yet. Please try again later, or reach the business through its website.",
      poweredBy: "Powered by Parley",
    },
  },
} as const;

export default pages;
