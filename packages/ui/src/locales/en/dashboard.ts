/** The dashboard: greeting, plan and usage cards, and the get-started checklist. */
const dashboard = {
  title: "Dashboard",
  greeting: {
    morning: "Good morning",
    afternoon: "Good afternoon",
    evening: "Good evening",
    withName: "{{greeting}}, {{name}}",
  },
  lead: "Here's your plan, how much of it you're using, and what to do next.",
  cardError: {
    title: "We couldn't load {{what}}.",
    usage: "your usage",
  },
  plan: {
    title: "Current plan",
    paymentDue: "Payment due",
    active: "Active",
    manage: "Manage billing",
    perMonth: " / month",
    perYear: " / year",
    pastDueUntil: "Your renewal payment is due. Access continues until {{date}}.",
    pastDue: "Your renewal payment is due.",
    periodEnds: "Current period ends {{date}}.",
    freeNoRenewal: "No renewal needed: the Free plan doesn't expire.",
    scheduledChange: "Scheduled change: your plan becomes <b>{{plan}}</b> on {{date}}.",
    nextBillingDate: "the next billing date",
  },
  usage: {
    title: "Usage",
    planLimits: "{{plan}} plan limits",
    of: "of {{limit}}",
    valueText: "{{used}} of {{limit}}",
    labels: {
      chatbots: "Chatbots",
      messages: "Messages this month",
      knowledgeSources: "Knowledge sources",
      teamMembers: "Team members",
    },
    notes: {
      full: "You've reached your plan's limit. Upgrade to add more.",
      notIncluded: "Not included in your plan.",
      justYou: "Just you on this plan. Upgrade to invite teammates.",
    },
  },
  start: {
    title: "Get started",
    progress: "{{done}} of {{total}} done",
    done: " (done)",
    todo: " (to do)",
    account: {
      title: "Create your Parley account",
      body: "You're in. Welcome aboard.",
    },
    verify: {
      title: "Verify your email address",
      done: "Verified, so receipts and security notices reach you.",
      todo: "Open the link we emailed you so receipts and security notices reach you.",
    },
    plan: {
      title: "Pick the plan that fits",
      done: "You're on a paid plan. Thank you!",
      todo: "Free works for trying things out. <a>Compare plans</a> when you need more messages or chatbots.",
    },
    chatbot: {
      title: "Create your first chatbot",
      done: "Done. Open it under Your chatbots to add knowledge and test its answers.",
      todo: "Give it a name and some knowledge, then test its answers. <a>Create your chatbot</a>",
    },
    widget: {
      title: "Add the chat widget to your website",
      live: "Live: visitors are chatting with your bot. <a>Open the inbox</a>",
      embed: "Paste one line of code into your site and your bot answers there. <a>Get the embed code</a>",
      learn:
        "Once you have a chatbot, one line of code puts it on your site. <a>See how the widget works</a>",
    },
  },
} as const;

export default dashboard;
