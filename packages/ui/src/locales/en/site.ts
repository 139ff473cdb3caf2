/** The public site's first paint (home, pricing), its header and footer, not-found and error screens; the lazily loaded pages' words are in `pages`. */
const site = {
  nav: {
    home: "Home",
    services: "Services",
    pricing: "Pricing",
    widget: "Widget",
    faq: "FAQ",
    contact: "Contact",
  },
  header: {
    homeLabel: "Parley home",
    mainNav: "Main",
    mobileNav: "Mobile",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    signIn: "Sign in",
    startFree: "Start free",
  },
  footer: {
    tagline:
      "AI chatbots that answer from your own knowledge. Built for businesses that want every question answered, day and night.",
    columns: {
      product: "Product",
      company: "Company",
      legal: "Legal",
    },
    links: {
      services: "Services",
      pricing: "Pricing",
      widget: "Widget",
      faq: "FAQ",
      contactUs: "Contact us",
      talkToSales: "Talk to sales",
      partnerships: "Partnerships",
      terms: "Terms & Conditions",
      dataRetention: "Data retention",
    },
    rights: "© {{year}} Parley. All rights reserved.",
    prices: "Prices in Bahraini dinar (BHD). Pay with BENEFIT or card.",
  },
  layout: {
    loadingPage: "Loading page",
    skipToContent: "Skip to content",
  },
  titles: {
    services: "Services",
    pricing: "Pricing",
    faq: "FAQ",
    terms: "Terms & Conditions",
    contact: "Contact",
    widget: "Widget",
    notFound: "Page not found",
    support: "Support",
    chat: "Chat",
    chatLinkIncomplete: "Chat link incomplete",
  },
  form: {
    optional: "Optional",
  },
  home: {
    eyebrow: "AI customer chat for your website",
    title: "AI chatbots that answer from your own knowledge",
    lead: "Parley turns your help articles, policies and product pages into a chatbot that answers customers on your site in seconds, around the clock, and only with what you've taught it.",
    startFree: "Start free",
    seePricing: "See pricing",
    note: "Free plan with one chatbot. No card needed to start.",
    why: {
      eyebrow: "Why Parley",
      title: "Built for the website you already have",
      lead: "No rebuild, no heavy chat suite. A small widget that knows your business and respects your visitors' time.",
    },
    values: {
      scriptTag: {
        title: "One script tag, under 2 KB",
        body: "Paste a single tag before </body>. The launcher downloads nothing else until a visitor reaches for it, so your page speed stays where it is.",
      },
      streaming: {
        title: "Answers stream instantly",
        body: "Replies appear word by word as they are written. Visitors start reading in a fraction of a second instead of watching a spinner.",
      },
      domains: {
        title: "Allowed domains & rate limits",
        body: "Your chatbot answers only on the sites you list. Per-visitor and per-IP limits stop anyone from draining your message allowance.",
      },
      billing: {
        title: "Billing in BHD with BENEFIT and cards",
        body: "Plans are priced in Bahraini dinar. Pay with BENEFIT or any major card, monthly or yearly with two months free.",
      },
    },
    how: {
      eyebrow: "How it works",
      title: "Live on your site in three steps",
    },
    steps: {
      knowledge: {
        title: "Add your knowledge",
        body: "Paste text, write question-and-answer pairs, upload PDF, DOCX, Markdown or TXT files, or point Parley at your website and let it read the pages.",
      },
      shape: {
        title: "Shape how it answers",
        body: "Give it instructions, a greeting and suggested questions, and decide what it says when the answer isn't in your knowledge. Test it before anyone else sees it.",
      },
      embed: {
        title: "Embed it and go live",
        body: "Copy the script tag into your site, list the domains it may run on, and watch real conversations arrive in your inbox.",
      },
    },
    trust: {
      eyebrow: "Answers you can stand behind",
      title: "A chatbot that knows what it doesn't know",
      lead: "A wrong answer costs more than no answer. Parley is built to stay inside your knowledge and hand over gracefully when it can't help.",
      link: "See everything Parley does →",
    },
    trustPoints: {
      knowledge: {
        title: "Only your knowledge",
        body: "Answers come from the sources you added, with the passages they came from. No invented policies, no competitor's prices.",
      },
      fallback: {
        title: "An honest fallback",
        body: "When nothing in your knowledge matches, your chatbot says so in your words and can collect the visitor's details for a follow-up.",
      },
      data: {
        title: "Your data, your rules",
        body: "Set how many days conversations are kept for each chatbot. Delete your account and your chatbots and conversations go with it.",
      },
    },
    cta: {
      title: "Give your website a helpful voice today",
      body: "Start on the Free plan with one chatbot and the built-in answer engine. Upgrade when your customers are talking.",
      startFree: "Start free",
      talkToSales: "Talk to sales",
    },
  },
  preview: {
    business: "Gulf Coffee Roasters",
    status: "Answers instantly",
    greeting: "Hi! Ask me anything about orders, delivery or our beans.",
    question: "Do you deliver to Muharraq on Fridays?",
    answer:
      "Yes. Friday deliveries to Muharraq run from 2 pm to 8 pm, and orders placed before noon arrive the same day. Delivery is free above BHD 10.000.",
    source: "Source",
    sourceName: "Delivery & returns · section 2",
    chipTrack: "Track my order",
    chipWholesale: "Wholesale prices",
    inputPlaceholder: "Type your question…",
    caption: "Example conversation on a customer's website",
  },
  notFound: {
    title: "Page not found",
    lead: "We couldn't find <code>{{path}}</code>. The link may be old, or the address may have a typo.",
    home: "Go to the home page",
    pricing: "See pricing",
    dashboard: "Go to your dashboard",
    support: "Contact support",
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Simple plans that grow with your conversations",
    lead: "Start free with one chatbot. Upgrade when your customers are talking. All prices are in Bahraini dinar, payable with BENEFIT or card.",
    plansLabel: "Plans",
    loading: "Loading plans",
    loadFailed: "We couldn't load our plans",
    retry: "Try again",
    emptyTitle: "No plans are available right now",
    emptyBody:
      "We're updating our plans. Please check back shortly, or <a>contact us</a> and we'll help you choose.",
    policy:
      "Upgrades start a new billing period the moment your payment is captured. Downgrades take effect at the end of your current period.",
    extrasTitle: "Questions about billing?",
    extrasBody:
      "Yearly plans cost ten months' price for twelve months of service. You can switch plans at any time from your dashboard, and a scheduled downgrade can be cancelled before it takes effect.",
    readFaq: "Read the FAQ",
    talkToSales: "Talk to sales",
  },
  plans: {
    interval: {
      legend: "Billing interval",
      monthly: "Monthly",
      yearly: "Yearly",
      yearlyNote: "2 months free",
      perMonth: "/month",
      perYear: "/year",
    },
    mostPopular: "Most popular",
    noCard: "No card needed",
    billedYearly: "Billed once a year · 2 months free",
    billedMonthly: "Billed every month",
    includes: "Includes",
    startFree: "Start free",
    choose: "Choose {{plan}}",
    chooseKnown: {
      starter: "Choose Starter",
      pro: "Choose Pro",
      business: "Choose Business",
    },
    names: {
      free: "Free",
      starter: "Starter",
      pro: "Pro",
      business: "Business",
    },
    limits: {
      chatbots_one: "{{value}} chatbot",
      chatbots_other: "{{value}} chatbots",
      messagesPerMonth_one: "{{value}} message/month",
      messagesPerMonth_other: "{{value}} messages/month",
      knowledgeSources_one: "{{value}} knowledge source",
      knowledgeSources_other: "{{value}} knowledge sources",
      teamMembers_one: "{{value}} team member",
      teamMembers_other: "{{value}} team members",
    },
  },
  errorScreen: {
    eyebrow: "Oops!",
    title: "Something went wrong",
    body: "An unexpected error stopped this page from working. Trying again usually fixes it. If it keeps happening, please contact our <a>support team</a>.",
    details: "Error Details",
    retry: "Try Again",
    home: "Go Home",
  },
  /** The HTML entries served by the API (apps/web index.html and widget.html), before any script runs. */
  document: {
    title: "Parley",
    description:
      "Parley builds AI chatbots that answer from your own knowledge. Add them to your website with one script tag, and pay in BHD with BENEFIT or card.",
    noscript: "Parley needs JavaScript. Please enable it and reload this page.",
    widgetTitle: "Chat",
    widgetLoading: "Loading chat",
  },
} as const;

export default site;
