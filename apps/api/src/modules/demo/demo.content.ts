import type { SourceCreate } from "@parley/contracts";

/** Knowledge of the demo business: a specialty coffee roaster in Manama (fictional). */
export const demoBot = {
  name: "Acme Coffee assistant",
  greeting:
    "Hi! I'm the Acme Coffee assistant ☕ Ask me about our beans, opening hours, delivery or the coffee club.",
  suggestedQuestions: ["When are you open?", "Do you deliver to Muharraq?", "How does the coffee club work?"],
  fallbackReply:
    "I'm not sure about that one yet. Leave your e-mail and the Acme Coffee team will get back to you within a day.",
  instructions:
    "You are the friendly assistant of Acme Coffee Roasters in Manama. Answer briefly and warmly from the knowledge provided. Prices are in Bahraini dinars (BHD).",
};

export const demoSources: SourceCreate[] = [
  {
    kind: "text",
    title: "About Acme Coffee",
    content: `# About Acme Coffee Roasters

Acme Coffee Roasters is a specialty coffee roaster and café in Adliya, Manama, founded in 2018. We roast small batches every Sunday and Wednesday, so beans are never older than four days when they leave the shop.

## Opening hours

The café is open from 7 am to 11 pm, Saturday to Thursday, and from 2 pm to 11 pm on Fridays. During Ramadan we open from 8 pm to 2 am.

## Location and parking

We are on Road 3803 in Block 338, Adliya, next to the art gallery. Free parking is available behind the building.`,
  },
  {
    kind: "text",
    title: "Beans and brewing",
    content: `# Our beans

## Single origins

Our single origins rotate with the harvest. Right now we roast an Ethiopian Guji (notes of peach and jasmine, 6.500 BHD for 250 g), a Colombian Huila (caramel and red apple, 5.800 BHD for 250 g) and a Yemeni Haraz (dried fruit and cocoa, 9.000 BHD for 250 g).

## House blend

The Adliya house blend mixes Brazilian and Colombian beans for a chocolatey espresso. A 1 kg bag costs 16 BHD.

## Grinding

We grind for free for any brew method: espresso, moka pot, V60, AeroPress or French press. Tell us your method when you order.`,
  },
  {
    kind: "text",
    title: "Delivery and coffee club",
    content: `# Delivery

We deliver across Bahrain, including Muharraq, Riffa and Saar, within one working day. Delivery costs 1 BHD and is free on orders above 10 BHD. Orders placed before 2 pm leave the same day.

# The coffee club

The coffee club sends you 500 g of freshly roasted beans every two weeks for 12 BHD a month. You can pause or cancel any time from your account, and members get 10 percent off in the café.`,
  },
  {
    kind: "qa",
    question: "Do you have decaf?",
    answer: "Yes. Our Swiss Water decaf from Colombia is roasted every Wednesday and costs 6 BHD for 250 g.",
  },
  {
    kind: "qa",
    question: "Can I pay with BENEFIT?",
    answer:
      "Yes, you can pay with BENEFIT, any debit or credit card, or cash in the café. Online orders accept BENEFIT and cards.",
  },
];
