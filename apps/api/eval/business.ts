/**
 * Evaluation set written for Parley (our own text, no third-party data): the knowledge of a
 * fictional outdoor shop in Bahrain, as an owner would paste it, and questions a visitor would ask.
 * Each answerable question names the source that answers it and a phrase the right answer holds;
 * unanswerable ones (`source: null`) are about things the knowledge does not say, often with
 * words it does use. Some questions carry the visitor's previous question (follow-ups), some are
 * misspelt.
 */
export interface EvalSource {
  title: string;
  content: string;
}
export interface EvalQuestion {
  q: string;
  /** Title of the source holding the answer; null: the knowledge does not answer it. */
  source: string | null;
  /** A phrase the right answer contains (verbatim in the source). */
  gold: string | null;
  /** The visitor's previous question, for a follow-up. */
  previous?: string;
}

export const SOURCES: EvalSource[] = [
  {
    title: "About us",
    content:
      "Dune & Dhow Outdoor is a family-run camping and water-sports shop founded in 2011 by Maryam and Yusuf Al-Khalifa. We started with one stall in the Manama souq and now run two stores and an online shop. Our team tests every tent we sell in the Sakhir desert before it goes on the shelf.",
  },
  {
    title: "Stores and opening hours",
    content:
      "# Stores\n\nOur flagship store is in Seef, on the ground floor of Al Aali Mall. Our second store is in Riffa, next to the Riffa Views roundabout. Both stores have free parking.\n\n# Opening hours\n\nThe Seef store opens from 10 am to 10 pm every day. The Riffa store opens from 9 am to 9 pm, Saturday to Thursday, and from 2 pm to 9 pm on Fridays. During Ramadan both stores open from 7 pm to 1 am.",
  },
  {
    title: "Shipping",
    content:
      "# Delivery in Bahrain\n\nWe deliver anywhere in Bahrain within two working days. Delivery costs 2 BHD and is free for orders above 25 BHD. Orders placed before noon in Manama can arrive the same evening for an extra 1.5 BHD.\n\n# GCC shipping\n\nWe ship to Saudi Arabia, Kuwait, Qatar, Oman and the UAE through Aramex. GCC delivery takes four to six working days and costs 6 BHD. Customs duties in the destination country are paid by the customer.",
  },
  {
    title: "Returns and refunds",
    content:
      "# Returns\n\nYou can return unused items within 30 days of purchase with the receipt. Tents and sleeping bags that have been used outdoors cannot be returned for hygiene reasons unless they are faulty. Sale items can be returned within 14 days.\n\n# Refunds\n\nRefunds are paid to the original payment method. Card refunds appear within five working days; BenefitPay refunds usually arrive within 24 hours. Cash purchases are refunded in cash at the store.",
  },
  {
    title: "Exchanges",
    content:
      "Exchanges for a different size or colour are free within 30 days, in store or by courier. For an exchange by courier, book a pickup from your account and we collect the item at no cost. If the new item costs more, you pay the difference; if it costs less, we refund the difference as store credit.",
  },
  {
    title: "Payment methods",
    content:
      "We accept Visa, Mastercard, American Express, BenefitPay and Apple Pay. Cash on delivery is available in Bahrain for orders up to 100 BHD. Tabby lets you split a purchase above 30 BHD into four interest-free payments. We do not accept cheques.",
  },
  {
    title: "Gift cards",
    content:
      "Gift cards are sold in values from 10 to 200 BHD, in store and online. A gift card is valid for three years from the date of purchase. It can be used in both stores and online, and the balance can be checked on the receipt or by asking any cashier. Lost gift cards cannot be replaced.",
  },
  {
    title: "Loyalty programme",
    content:
      "Dune Rewards is our free loyalty programme. Members earn one point for every 1 BHD spent, and 100 points are worth 5 BHD off a later purchase. Points expire 18 months after they are earned. Gold members, who spend over 300 BHD in a year, get free GCC shipping and early access to sales.",
  },
  {
    title: "Tent rentals",
    content:
      "# Family tent\n\nThe family tent sleeps six people and rents for 12 BHD a day or 60 BHD a week. A deposit of 30 BHD is returned when the tent comes back clean and dry.\n\n# Desert kit\n\nThe desert kit includes a four-person tent, two camping chairs, a cool box and a gas stove. It rents for 20 BHD per night. Rentals must be booked at least 48 hours ahead during the camping season.",
  },
  {
    title: "Kayak and paddleboard rentals",
    content:
      "Single kayaks rent for 8 BHD per hour and double kayaks for 12 BHD per hour. Paddleboards rent for 6 BHD per hour. Life jackets are included with every rental and must be worn at all times. Rentals start from our beach hut at Marassi Beach, which opens from 7 am to sunset. Children under 12 must paddle with an adult.",
  },
  {
    title: "Guided trips",
    content:
      "# Desert overnight\n\nOur desert overnight trip leaves Seef every Thursday at 4 pm and returns on Friday at 10 am. It costs 45 BHD per adult and 25 BHD per child, including dinner, breakfast and all camping gear.\n\n# Mangrove kayak tour\n\nThe mangrove kayak tour at Tubli Bay lasts two and a half hours and costs 18 BHD per person. Tours run on Saturday and Sunday mornings from October to April. The minimum age is eight.",
  },
  {
    title: "Tent care",
    content:
      "Always dry your tent completely before storing it, or mould will grow within days. Brush sand off the groundsheet and never wash a tent in a washing machine. Clean the fabric with lukewarm water and a soft sponge. Re-proof the flysheet with a waterproofing spray once a year.",
  },
  {
    title: "Warranty",
    content:
      "All tents and backpacks carry a two-year warranty against manufacturing defects. Camping stoves and lanterns carry a one-year warranty. The warranty does not cover wear and tear, sun damage, or damage caused by misuse. To claim it, bring the item and the receipt to either store.",
  },
  {
    title: "Repairs",
    content:
      "Our repair desk in the Riffa store fixes tent poles, zips and torn fabric. A zip replacement costs 7 BHD and a pole repair costs 4 BHD. Most repairs are ready within a week. Repairs are free for items still under warranty.",
  },
  {
    title: "Price match",
    content:
      "If you find the same item cheaper at another shop in Bahrain within 7 days of buying it, we refund the difference. The item must be in stock at the other shop and the same model and colour. Price match does not apply to online marketplaces, clearance sales or second-hand items.",
  },
  {
    title: "Student and group discounts",
    content:
      "Students get 10% off full-price items when they show a valid university ID. Scout groups and school clubs get 15% off orders above 150 BHD; ask for a group quote by email. Discounts cannot be combined with other offers.",
  },
  {
    title: "Corporate orders",
    content:
      "We supply team-building events and company retreats with tents, chairs and branded gear. Corporate orders above 500 BHD get a dedicated account manager. Logo printing on caps and bottles takes ten working days. For a quote, email corporate@dunedhow.bh with the date, headcount and location.",
  },
  {
    title: "Click and collect",
    content:
      "Order online and collect from the Seef or Riffa store, free of charge. Your order is ready to collect within three hours during opening hours; we send a text message when it is ready. Orders are kept for seven days, then cancelled and refunded. Bring your order number and an ID.",
  },
  {
    title: "Order tracking",
    content:
      "After dispatch you receive an email with an Aramex tracking number. You can also see the status of every order in your account under My orders. If a parcel shows as delivered but you have not received it, contact us within 48 hours.",
  },
  {
    title: "Account and privacy",
    content:
      "You can shop as a guest or create an account to save addresses and see past orders. To reset your password, use the Forgot password link on the sign-in page; the link is valid for one hour. We never sell your data. To delete your account, email privacy@dunedhow.bh and it is erased within 30 days.",
  },
  {
    title: "Desert camping safety",
    content:
      "Tell someone where you are camping and when you plan to return. Carry at least four litres of water per person per day. Never light a fire or a stove inside a tent. Desert nights can drop below 10 degrees in January, so pack a warm sleeping bag. In summer, camping is not recommended because daytime temperatures pass 45 degrees.",
  },
  {
    title: "Gas canisters and restricted items",
    content:
      "Gas canisters, lighter fluid and flares can only be bought in store; we cannot ship them by courier. Customers must be 18 or older to buy gas canisters and knives. Empty canisters can be brought back to either store for recycling.",
  },
  {
    title: "Newsletter",
    content:
      "Subscribe to our newsletter at the bottom of any page to get a 5 BHD voucher for your first order above 30 BHD. We send one email a month with new arrivals, trip dates and camping tips. You can unsubscribe at any time with the link in every email.",
  },
  {
    title: "Careers",
    content:
      "We hire seasonal staff every September for the camping season. Trip guides need a valid first-aid certificate and a Bahraini driving licence. Send your CV to jobs@dunedhow.bh; we reply to every application within two weeks.",
  },
  {
    title: "Boot sizing",
    content:
      "Our hiking boots come in EU sizes 36 to 47. If you are between sizes, choose the larger one and wear thicker socks. Boots can be exchanged for another size if they have not been worn outdoors. Half sizes are only available in the Trailmaster range.",
  },
];

const A = (q: string, source: string, gold: string, previous?: string): EvalQuestion => ({
  q,
  source,
  gold,
  ...(previous ? { previous } : {}),
});
const U = (q: string, previous?: string): EvalQuestion => ({
  q,
  source: null,
  gold: null,
  ...(previous ? { previous } : {}),
});

export const QUESTIONS: EvalQuestion[] = [
  // About us
  A("When was Dune & Dhow founded?", "About us", "2011"),
  A("Who founded the shop?", "About us", "Maryam and Yusuf"),
  A("Where do you test your tents?", "About us", "Sakhir desert"),
  U("How many employees work at Dune & Dhow?"),
  U("Who is the CEO of the company?"),
  // Stores and hours
  A("Where is your flagship store?", "Stores and opening hours", "Al Aali Mall"),
  A("Where is the Riffa store?", "Stores and opening hours", "Riffa Views roundabout"),
  A("Is there parking at the stores?", "Stores and opening hours", "free parking"),
  A("What time does the Seef store open?", "Stores and opening hours", "10 am to 10 pm"),
  A("What are the Riffa store hours on Friday?", "Stores and opening hours", "2 pm to 9 pm"),
  A("What are your opening hours during Ramadan?", "Stores and opening hours", "7 pm to 1 am"),
  A("When does the Seef store close?", "Stores and opening hours", "10 am to 10 pm"),
  U("Do you have a store in Muharraq?"),
  U("Are your stores open on Eid al-Adha?"),
  U("Is there a prayer room in the Seef store?"),
  // Shipping
  A("How long does delivery in Bahrain take?", "Shipping", "two working days"),
  A("How much does delivery cost?", "Shipping", "2 BHD"),
  A("When is delivery free?", "Shipping", "above 25 BHD"),
  A("Can I get same day delivery?", "Shipping", "same evening"),
  A("Do you ship to Saudi Arabia?", "Shipping", "Saudi Arabia"),
  A("Which courier do you use for GCC shipping?", "Shipping", "Aramex"),
  A("How much is GCC shipping?", "Shipping", "6 BHD"),
  A("Who pays customs duties?", "Shipping", "paid by the customer"),
  A("how long does shiping to kuwait take", "Shipping", "four to six working days"),
  U("Do you ship to India?"),
  U("Can I choose a delivery time slot?"),
  U("Do you deliver on public holidays?"),
  U("Do you use DHL for international orders?"),
  // Returns and refunds
  A("How many days do I have to return an item?", "Returns and refunds", "30 days"),
  A("Can I return a used sleeping bag?", "Returns and refunds", "hygiene reasons"),
  A("Can I return sale items?", "Returns and refunds", "14 days"),
  A("How long do card refunds take?", "Returns and refunds", "five working days"),
  A("How fast is a BenefitPay refund?", "Returns and refunds", "24 hours"),
  A("How do I get a refund if I paid cash?", "Returns and refunds", "refunded in cash"),
  A("where does my refnd go?", "Returns and refunds", "original payment method"),
  U("Can I return an item without a receipt?"),
  U("Do you charge a restocking fee on returns?"),
  U("Can I return an item bought from another shop?"),
  // Exchanges
  A("Can I exchange boots for a different colour?", "Exchanges", "different size or colour"),
  A("How do I exchange an item by courier?", "Exchanges", "book a pickup"),
  A("What if the new item costs less?", "Exchanges", "store credit"),
  A("Is there a charge for exchanges?", "Exchanges", "free within 30 days"),
  U("Can I exchange a gift card for cash?"),
  // Payment
  A("Do you accept Apple Pay?", "Payment methods", "Apple Pay"),
  A("Is cash on delivery available?", "Payment methods", "up to 100 BHD"),
  A("Can I pay in installments?", "Payment methods", "four interest-free payments"),
  A("Do you take cheques?", "Payment methods", "do not accept cheques"),
  A("Can I pay with Tabby?", "Payment methods", "Tabby"),
  U("Do you accept Bitcoin?"),
  U("Can I pay with PayPal?"),
  U("Is there a fee for paying by credit card?"),
  // Gift cards
  A("What values do gift cards come in?", "Gift cards", "10 to 200 BHD"),
  A("How long is a gift card valid?", "Gift cards", "three years"),
  A("How do I check my gift card balance?", "Gift cards", "asking any cashier"),
  A("What happens if I lose my gift card?", "Gift cards", "cannot be replaced"),
  A("Can I use a gift card online?", "Gift cards", "both stores and online"),
  U("Can I buy an e-gift card by WhatsApp?"),
  U("Can gift cards be topped up?"),
  // Loyalty
  A("What is Dune Rewards?", "Loyalty programme", "free loyalty programme"),
  A("How many points do I earn per dinar?", "Loyalty programme", "one point for every 1 BHD"),
  A("How much are 100 points worth?", "Loyalty programme", "5 BHD"),
  A("When do loyalty points expire?", "Loyalty programme", "18 months"),
  A("What do Gold members get?", "Loyalty programme", "free GCC shipping"),
  A("do loyality points expire?", "Loyalty programme", "18 months"),
  U("Can I transfer my points to a friend?"),
  U("Do you have a loyalty app?"),
  // Tent rentals
  A("Do you rent tents?", "Tent rentals", "rents for 12 BHD a day"),
  A("How much is it?", "Tent rentals", "12 BHD a day", "Do you rent the family tent?"),
  A("How many people does the family tent sleep?", "Tent rentals", "six people"),
  A("How much is the deposit for the family tent?", "Tent rentals", "30 BHD"),
  A("What does the desert kit include?", "Tent rentals", "two camping chairs"),
  A("How much does the desert kit cost per night?", "Tent rentals", "20 BHD per night"),
  A("How far ahead should I book a rental?", "Tent rentals", "48 hours"),
  A("and per week?", "Tent rentals", "60 BHD a week", "How much does the family tent rent for?"),
  U("Do you rent camper vans?"),
  U("Do you deliver rental tents to the campsite?"),
  U("Can I rent a generator?"),
  // Kayaks
  A("How much does a single kayak cost per hour?", "Kayak and paddleboard rentals", "8 BHD per hour"),
  A("Do you rent paddleboards?", "Kayak and paddleboard rentals", "6 BHD per hour"),
  A("Are life jackets included?", "Kayak and paddleboard rentals", "Life jackets are included"),
  A("Where do kayak rentals start?", "Kayak and paddleboard rentals", "Marassi Beach"),
  A("Can children rent a kayak?", "Kayak and paddleboard rentals", "Children under 12"),
  A("what does a double kayak cost?", "Kayak and paddleboard rentals", "12 BHD per hour"),
  A("When does the beach hut open?", "Kayak and paddleboard rentals", "7 am to sunset"),
  U("Do you rent jet skis?"),
  U("Can I rent a kayak for a whole day?"),
  U("Do you offer kayaking lessons for beginners?"),
  // Guided trips
  A("When does the desert overnight trip leave?", "Guided trips", "Thursday at 4 pm"),
  A("How much is the desert trip for an adult?", "Guided trips", "45 BHD per adult"),
  A("What does the desert overnight include?", "Guided trips", "dinner, breakfast"),
  A("How long is the mangrove kayak tour?", "Guided trips", "two and a half hours"),
  A("How much does the mangrove tour cost?", "Guided trips", "18 BHD per person"),
  A("What is the minimum age for the mangrove tour?", "Guided trips", "eight"),
  A("When do mangrove tours run?", "Guided trips", "October to April"),
  A(
    "is it suitable for kids?",
    "Guided trips",
    "minimum age is eight",
    "Tell me about the mangrove kayak tour",
  ),
  U("Do you organise trips to Hawar Islands?"),
  U("Do you run snorkelling trips?"),
  U("Is hotel pickup included in the desert trip?"),
  // Tent care
  A("How do I store my tent?", "Tent care", "dry your tent completely"),
  A("Can I wash my tent in the washing machine?", "Tent care", "never wash a tent in a washing machine"),
  A("How should I clean the tent fabric?", "Tent care", "lukewarm water"),
  A("How often should I re-proof the flysheet?", "Tent care", "once a year"),
  U("How do I pitch a tent in strong wind?"),
  U("How do I fold a pop-up tent?"),
  // Warranty
  A("How long is the warranty on tents?", "Warranty", "two-year warranty"),
  A("What is the warranty on camping stoves?", "Warranty", "one-year warranty"),
  A("Does the warranty cover sun damage?", "Warranty", "sun damage"),
  A("How do I make a warranty claim?", "Warranty", "bring the item and the receipt"),
  A("how long is the waranty on backpacks", "Warranty", "two-year warranty"),
  U("Can I buy an extended warranty?"),
  U("What is the warranty on kayaks?"),
  // Repairs
  A("Do you repair tent zips?", "Repairs", "zips"),
  A("How much does a zip replacement cost?", "Repairs", "7 BHD"),
  A("How long do repairs take?", "Repairs", "within a week"),
  A("Are repairs free under warranty?", "Repairs", "Repairs are free for items still under warranty"),
  A("Where is the repair desk?", "Repairs", "Riffa store"),
  U("Do you repair bicycles?"),
  U("Can you repair a punctured kayak?"),
  // Price match
  A("Do you price match?", "Price match", "refund the difference"),
  A("Does price match apply to Amazon?", "Price match", "online marketplaces"),
  A("How long after buying can I ask for a price match?", "Price match", "within 7 days"),
  U("Do you match prices from shops in Saudi Arabia?"),
  // Discounts
  A("Do students get a discount?", "Student and group discounts", "10% off"),
  A("Is there a discount for scout groups?", "Student and group discounts", "15% off"),
  A(
    "Can I combine the student discount with other offers?",
    "Student and group discounts",
    "cannot be combined",
  ),
  U("Do you have a military discount?"),
  U("Is there a Black Friday sale?"),
  U("Do teachers get a discount?"),
  // Corporate
  A("Do you do corporate orders?", "Corporate orders", "team-building events"),
  A("How long does logo printing take?", "Corporate orders", "ten working days"),
  A("How do I get a corporate quote?", "Corporate orders", "corporate@dunedhow.bh"),
  A("When do I get an account manager?", "Corporate orders", "above 500 BHD"),
  U("Do you sponsor charity events?"),
  // Click and collect
  A("Can I collect my order in store?", "Click and collect", "collect from the Seef or Riffa store"),
  A("How soon is a click and collect order ready?", "Click and collect", "within three hours"),
  A("How long do you keep an order for collection?", "Click and collect", "seven days"),
  A("What do I need to bring to collect my order?", "Click and collect", "order number and an ID"),
  U("Can someone else collect my order for me?"),
  // Tracking
  A("How do I track my order?", "Order tracking", "tracking number"),
  A("My parcel says delivered but I did not get it", "Order tracking", "within 48 hours"),
  A("Where can I see my orders?", "Order tracking", "My orders"),
  U("Can I change my delivery address after dispatch?"),
  U("Can I cancel my order after it ships?"),
  // Account and privacy
  A("Can I order without an account?", "Account and privacy", "shop as a guest"),
  A("How do I reset my password?", "Account and privacy", "Forgot password"),
  A("How long is the password reset link valid?", "Account and privacy", "one hour"),
  A("How do I delete my account?", "Account and privacy", "privacy@dunedhow.bh"),
  A("Do you sell my data?", "Account and privacy", "never sell your data"),
  U("Can I change my email address on my account?"),
  U("Do you use cookies for advertising?"),
  // Safety
  A("How much water should I carry in the desert?", "Desert camping safety", "four litres"),
  A(
    "Can I use a stove inside my tent?",
    "Desert camping safety",
    "Never light a fire or a stove inside a tent",
  ),
  A("How cold does the desert get at night?", "Desert camping safety", "below 10 degrees"),
  A("Is it safe to camp in summer?", "Desert camping safety", "not recommended"),
  U("Do I need a permit to camp in Sakhir?"),
  U("What should I do if I see a snake?"),
  U("Is wild camping legal on the beach?"),
  // Restricted items
  A("Can you ship gas canisters?", "Gas canisters and restricted items", "cannot ship them by courier"),
  A("How old do I have to be to buy a knife?", "Gas canisters and restricted items", "18 or older"),
  A("What do I do with empty gas canisters?", "Gas canisters and restricted items", "recycling"),
  U("Do you sell fireworks?"),
  // Newsletter
  A("Do I get a discount for subscribing to the newsletter?", "Newsletter", "5 BHD voucher"),
  A("How often do you send emails?", "Newsletter", "one email a month"),
  A("How do I unsubscribe?", "Newsletter", "unsubscribe at any time"),
  U("Do you have a podcast?"),
  // Careers
  A("Are you hiring?", "Careers", "seasonal staff"),
  A("What do trip guides need?", "Careers", "first-aid certificate"),
  A("Where do I send my CV?", "Careers", "jobs@dunedhow.bh"),
  U("What is the salary for a sales assistant?"),
  U("Do you offer internships?"),
  // Boots
  A("What sizes do your hiking boots come in?", "Boot sizing", "36 to 47"),
  A("I am between sizes, which boot should I pick?", "Boot sizing", "choose the larger one"),
  A("Do you have half sizes?", "Boot sizing", "Trailmaster range"),
  U("Are your boots waterproof?"),
  U("Do you sell children's hiking boots?"),
  // Off-topic
  U("What is the capital of Peru?"),
  U("Can you recommend a good restaurant in Manama?"),
  U("What will the weather be like tomorrow?"),
  U("Tell me a joke"),
  U("Who won the football match yesterday?"),
];
