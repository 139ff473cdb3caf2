import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatbotRow } from "../../src/db/schema";
import {
  type AnswerEvidence,
  CAUTION_THRESHOLDS,
  confidenceOf,
  heldBack,
} from "../../src/modules/chat/confidence";
import { answerKindFits, sentencesOf } from "../../src/modules/chat/extractive-engine";
import { searchQuery } from "../../src/modules/chat/follow-up";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";

describe("sentences and answer kinds", () => {
  it("splits at sentence ends and bullets, not inside numbers or e-mail addresses", () => {
    expect(sentencesOf("It costs 3.5 BHD. Write to a@b.bh today! • First item • Second item")).toEqual([
      "It costs 3.5 BHD.",
      "Write to a@b.bh today!",
      "First item",
      "Second item",
    ]);
    // Not after an initial or a title: "U.S. Army", "J. K. Rowling", "Mr. Hinx".
    expect(
      sentencesOf("He joined the U.S. Army in 1990. He is pursued by Mr. Hinx. J. K. Rowling wrote it."),
    ).toEqual(["He joined the U.S. Army in 1990.", "He is pursued by Mr. Hinx.", "J. K. Rowling wrote it."]);
  });
  it("knows a date, a number or a name from a sentence that cannot hold one", () => {
    expect(answerKindFits("When does the shop open?", "The shop opens at 9 am.")).toBe(true);
    expect(answerKindFits("When does the shop open?", "The shop is in Seef Mall.")).toBe(false);
    expect(answerKindFits("How much is the tent?", "The tent costs 12 BHD.")).toBe(true);
    expect(answerKindFits("How much is the tent?", "The tent is green.")).toBe(false);
    expect(answerKindFits("Who founded the shop?", "It was founded by Maryam.")).toBe(true);
    expect(answerKindFits("Who founded the shop?", "it was founded long ago.")).toBe(false);
    expect(answerKindFits("Do you rent tents?", "We rent tents.")).toBe(true);
  });
  it("searches a follow-up together with the previous question, and nothing else", () => {
    const history = [
      { role: "user" as const, content: "Do you rent the family tent?" },
      { role: "assistant" as const, content: "Yes." },
    ];
    expect(searchQuery("How much is it?", history)).toBe("Do you rent the family tent? How much is it?");
    expect(searchQuery("and per week?", history)).toBe("Do you rent the family tent? and per week?");
    expect(searchQuery("Where is the Riffa store?", history)).toBe("Where is the Riffa store?");
    expect(searchQuery("How much is it?", [])).toBe("How much is it?");
    // A long previous message is cut, not copied whole into the search.
    const long = [{ role: "user" as const, content: "tent ".repeat(2000) }];
    expect(searchQuery("and it?", long).length).toBeLessThan(320);
  });
});

describe.each(testDrivers("either"))("the built-in engine on %s", (driver) => {
  let t: TestApp;
  let bot: ChatbotRow;
  const OWNER = "auth_engine_owner";

  const ask = async (question: string, history: { role: "user" | "assistant"; content: string }[] = []) => {
    let text = "";
    const reply = await t.app.services.chat.respond({
      bot,
      question,
      history,
      signal: new AbortController().signal,
      onDelta: (d) => {
        text += d;
      },
    });
    return { ...reply, text };
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    await setPlan(t, OWNER, "business-monthly");
    const created = await t.app.services.chatbots.create(OWNER, { name: "Outdoor shop" });
    const sources = [
      {
        title: "Tent rentals",
        content:
          "We rent camping gear for the desert season. The family tent sleeps six people. It rents for 12 BHD a day, with a deposit of 30 BHD. Tents must be returned dry.",
      },
      {
        title: "Stores",
        content:
          "Our flagship store is in Seef Mall. Our staff test every tent in the Sakhir desert before it goes on sale. The Riffa store is next to the roundabout.",
      },
      {
        title: "Warranty",
        content:
          "All backpacks carry a two-year warranty against manufacturing defects. The warranty does not cover sun damage or misuse. Bring the receipt to make a claim.",
      },
    ];
    for (const s of sources) await t.app.services.knowledge.add(OWNER, created._id, { kind: "text", ...s });
    await t.app.services.knowledge.add(OWNER, created._id, {
      kind: "qa",
      question: "Do you open on Fridays?",
      answer: "Yes, both stores open on Fridays from 2 pm.",
    });
    await t.app.services.jobs.drain();
    bot = await t.app.services.chatbots.own(OWNER, created._id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers with the single best sentence, short, citing its passage first", async () => {
    const r = await ask("Where do staff test the tents?");
    expect(r.text).toBe("Our staff test every tent in the Sakhir desert before it goes on sale. [1]");
    expect(r.answered).toBe(true);
    expect(r.citations.map((c) => c.title)).toEqual(["Stores"]);
  });

  it("adds the sentence before only when the best one depends on it", async () => {
    const r = await ask("How much does the family tent rent for?");
    expect(r.text).toBe(
      "The family tent sleeps six people. It rents for 12 BHD a day, with a deposit of 30 BHD. [1]",
    );
    expect(r.citations[0]?.title).toBe("Tent rentals");
  });

  it("answers a follow-up from the conversation", async () => {
    const r = await ask("How much is it?", [
      { role: "user", content: "Do you rent the family tent?" },
      { role: "assistant", content: "We rent camping gear for the desert season. [1]" },
    ]);
    expect(r.text).toContain("12 BHD a day");
    expect(r.searchedFor).toBe("Do you rent the family tent? How much is it?");
    expect(r.citations[0]?.title).toBe("Tent rentals");
  });

  it("says it does not know, citing nothing, when the distinctive words are not covered", async () => {
    for (const q of [
      "Do you rent kayaks in Muharraq?",
      "What is the capital of Peru?",
      "Do you sell fireworks?",
    ]) {
      const r = await ask(q);
      expect(r.text).toBe(bot.fallbackReply);
      expect(r.answered).toBe(false);
      expect(r.citations).toEqual([]);
    }
  });

  it("says it does not know when the sentence is not the kind of answer asked for", async () => {
    // "When" wants a time; the passages only say where the store is.
    const r = await ask("When did the Seef Mall flagship store open?");
    expect(r.text).toBe(bot.fallbackReply);
    expect(r.citations).toEqual([]);
  });

  it("still answers a matching Q&A pair verbatim", async () => {
    const r = await ask("do you open on fridays");
    expect(r.text).toBe("Yes, both stores open on Fridays from 2 pm.");
    expect(r.citations[0]?.kind).toBe("qa");
  });

  it("gives every built-in answer its confidence, from the evidence behind the chosen sentence", async () => {
    // Every distinctive word in the sentence itself: full coverage, the rarest word there, nothing unknown.
    const sure = await ask("How long is the warranty on backpacks?");
    expect(sure.evidence).toMatchObject({
      sentenceCoverage: 1,
      passageCoverage: 1,
      rarest: 1,
      unknown: 0,
      kindFits: 1,
      fromFirst: 1,
      arabic: 0,
    });
    expect(sure.evidence?.coverage).toBe(1);
    expect(sure.confidence).toBeCloseTo(confidenceOf(sure.evidence as AnswerEvidence), 10);
    expect(sure.confidence).toBeGreaterThanOrEqual(CAUTION_THRESHOLDS.cautious);

    // Two of three words known, one the bot never saw: the unknown share is that word's rarity.
    const unsure = await ask("Do you rent kayaks in Muharraq?");
    expect(unsure.evidence?.unknown).toBeGreaterThan(0.3);
    expect(unsure.evidence?.unknown).toBeLessThan(1);
    expect(unsure.confidence).toBeLessThan(sure.confidence ?? 0);
    expect(unsure.answered).toBe(false);
    // Held back, yet what it held back is known (for the Playground and the eval).
    expect(unsure.candidate).toMatch(/\[1\]$/);

    // Nothing of the knowledge matched: no answer was held back, so none has a confidence (the
    // Playground then says nothing matched instead of "held back an answer · 0 %").
    const nothing = await ask("What is the capital of Peru?");
    expect(nothing).toMatchObject({ answered: false, candidate: null, confidence: null, evidence: null });

    // A Q&A pair asked as written is as sure as it gets; an AI model's reply has no confidence.
    expect((await ask("do you open on fridays")).confidence).toBe(1);
  });

  it("holds back below the bot's caution threshold, and only there", async () => {
    const questions = [
      "How long is the warranty on backpacks?",
      "Where do staff test the tents?",
      "Is sun damage covered?",
      "Do you rent kayaks in Muharraq?",
      "How many people does the family tent sleep?",
      "Where is the Riffa store?",
    ];
    expect(CAUTION_THRESHOLDS.answer_more).toBeLessThan(CAUTION_THRESHOLDS.balanced);
    expect(CAUTION_THRESHOLDS.balanced).toBeLessThan(CAUTION_THRESHOLDS.cautious);
    for (const caution of ["answer_more", "balanced", "cautious"] as const) {
      const cautious = { ...bot, answerCaution: caution };
      for (const q of questions) {
        const reply = await t.app.services.chat.respond({
          bot: cautious,
          question: q,
          history: [],
          signal: new AbortController().signal,
          onDelta: () => {},
        });
        expect(reply.answered, `${caution}: ${q} (${reply.confidence})`).toBe(
          (reply.confidence ?? 0) >= CAUTION_THRESHOLDS[caution] &&
            reply.evidence !== null &&
            !heldBack(reply.evidence),
        );
      }
    }
  });

  it("goes on to the next sentence when the best one lacks the kind of answer asked for, or is short", async () => {
    const shop = await t.app.services.chatbots.create(OWNER, { name: "Gulf shop" });
    await t.app.services.knowledge.add(OWNER, shop._id, {
      kind: "text",
      title: "Shipping",
      content:
        "We ship to Saudi Arabia, Kuwait and the Emirates with Aramex. Gulf orders arrive in three to five working days and cost 5 BHD to ship. Customs duties are paid by the customer.",
    });
    await t.app.services.jobs.drain();
    const gulf = await t.app.services.chatbots.own(OWNER, shop._id);
    const reply = async (question: string) => {
      let text = "";
      const r = await t.app.services.chat.respond({
        bot: gulf,
        question,
        history: [],
        signal: new AbortController().signal,
        onDelta: (d) => {
          text += d;
        },
      });
      return { ...r, text };
    };
    // "How much" wants a number: the sentence naming Kuwait has none, the next one has the price.
    expect((await reply("How much does shipping to Kuwait cost?")).text).toBe(
      "We ship to Saudi Arabia, Kuwait and the Emirates with Aramex. Gulf orders arrive in three to five working days and cost 5 BHD to ship. [1]",
    );
    // A short sentence takes the next one when that one is still about the question…
    expect((await ask("How long is the warranty on backpacks?")).text).toBe(
      "All backpacks carry a two-year warranty against manufacturing defects. The warranty does not cover sun damage or misuse. [1]",
    );
    // …and not when it is about something else.
    expect((await ask("Where is the Riffa store?")).text).toBe(
      "The Riffa store is next to the roundabout. [1]",
    );
  });

  it("holds back a sentence that says otherwise than the question, unless asked yes or no", async () => {
    // The tent sleeps six: a question about the one for eight is not answered by it…
    const eight = await ask("What does the tent for eight people rent for?");
    expect(eight.evidence?.numberMissing).toBe(1);
    expect(eight.answered).toBe(false);
    expect(eight.text).toBe(bot.fallbackReply);
    expect(eight.citations).toEqual([]);
    // …but "does it sleep eight?" is: it sleeps six.
    const yesOrNo = await ask("Does the family tent sleep eight people?");
    expect(yesOrNo.evidence?.numberMissing).toBe(0);
    expect(yesOrNo.answered).toBe(true);
    expect(yesOrNo.text).toContain("The family tent sleeps six people.");
    // A question about what must not be done, of a sentence that denies nothing, weighs less.
    expect((await ask("Which tents must not be returned dry?")).evidence?.negationMissing).toBe(1);
    expect((await ask("What does the warranty not cover?")).evidence?.negationMissing).toBe(0);
  });

  it("copes with hostile questions: only stop words, NUL bytes, tsquery syntax", async () => {
    for (const q of ["the and of", "tent\u0000 & | !", "'\\"]) {
      const r = await ask(q);
      expect(typeof r.text).toBe("string");
    }
    expect((await ask("the and of")).citations).toEqual([]);
  });
});
