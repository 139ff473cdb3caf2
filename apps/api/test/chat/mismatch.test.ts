import { describe, expect, it } from "vitest";
import {
  asksYesOrNo,
  contrary,
  negationMissing,
  numberMissing,
  numbersOf,
} from "../../src/modules/chat/mismatch";

describe("what a question asks that the sentence says otherwise", () => {
  it("reads numbers written in digits and in English words alike", () => {
    expect(numbersOf("Spectre (2015) is the twenty-fourth Bond film")).toEqual(["2015", "24"]);
    expect(numbersOf("Ten Eyes, 1,500 agents, seventh, nineteen")).toEqual(["1500", "10", "7", "19"]);
    expect(numbersOf("forty two, ninety-ninth")).toEqual(["42", "99"]);
    // Arabic-Indic digits as ASCII.
    expect(numbersOf("رسوم التوصيل ٣ دنانير")).toEqual(["3"]);
    // A question's "first", "one", "two" and "third" are how it asks, not numbers it holds.
    expect(numbersOf("What two countries hosted the first and third games?", true)).toEqual([]);
    expect(numbersOf("Which four films?", true)).toEqual(["4"]);
    // The digits of a name are not a number; a number with its unit or its decade's s is.
    expect(numbersOf("COVID-19, COVID19, H1N1, MI6 and HIV-1")).toEqual([]);
    expect(numbersOf("5km in the 1980s, 2008-2009, the 24th")).toEqual(["5", "1980", "2008", "2009", "24"]);
  });

  it("finds a changed number, however it is written", () => {
    const passage = "Spectre (2015) is the twenty-fourth James Bond film. The Nine Eyes share 10 reports.";
    expect(numberMissing("What is the twenty-fourth Bond film?", passage)).toBe(0);
    expect(numberMissing("What is the 24 Bond film?", passage)).toBe(0);
    expect(numberMissing("What is the thirty-fourth James Bond film?", passage)).toBe(1);
    expect(numberMissing("Who leads the Ten Eyes?", passage)).toBe(0); // "10 reports" holds ten
    expect(numberMissing("Who leads the Eight Eyes?", passage)).toBe(1);
    expect(numberMissing("What came out in 2016?", passage)).toBe(1);
    expect(numberMissing("What was the first Bond film?", passage)).toBe(0);
  });

  it("finds a word turned into its opposite, not a word the sentence also holds", () => {
    const s = "Monica Bellucci became the oldest actress ever to be cast as a Bond girl.";
    expect(contrary("Who was the youngest actress to be a Bond girl?", s)).toBe(1);
    expect(contrary("Who was the oldest actress to be a Bond girl?", s)).toBe(0);
    expect(contrary("Who was cast as a Bond girl?", s)).toBe(0);
    expect(contrary("Was she the youngest or the oldest?", s)).toBe(0);
    expect(contrary("What film was under budget?", "The memos claimed that the film was over budget.")).toBe(
      0,
    );
    expect(contrary("Which film was praised?", "Critics criticized the film.")).toBe(1);
  });

  it("finds a question about what did not happen, asked of a sentence that denies nothing", () => {
    const s = "The song trended on Twitter worldwide the day it was released.";
    expect(negationMissing("Who was not trending on Twitter the day the song was released?", s)).toBe(1);
    expect(negationMissing("Which song didn't chart?", s)).toBe(1);
    expect(negationMissing("Who was trending on Twitter?", s)).toBe(0);
    expect(negationMissing("Who did not return?", "Mendes said he would not return.")).toBe(0);
    expect(negationMissing("Who never married?", "She refused to marry anyone.")).toBe(0);
    // "no" and "nothing" in a question are not a negated question; "know" holds no "no".
    expect(negationMissing("Is there no fee?", s)).toBe(0);
    expect(negationMissing("Do you know the price?", s)).toBe(0);
  });

  it("knows a question asked to be told yes or no", () => {
    for (const q of [
      "Does the tent sleep eight?",
      "Isn't it open on Fridays?",
      "can I pay cash?",
      "هل تشحنون إلى الكويت؟",
    ])
      expect(asksYesOrNo(q), q).toBe(true);
    for (const q of [
      "What does the tent for eight rent for?",
      "Canada ships where?",
      "Who did not return?",
      "كم تكلفة الشحن؟",
    ])
      expect(asksYesOrNo(q), q).toBe(false);
  });

  it("reads a hostile question in linear time and finds nothing in noise", () => {
    const noise = `${"1.".repeat(20_000)}${"n't not ".repeat(5_000)}${"twenty-".repeat(5_000)}`;
    const started = performance.now();
    expect(numbersOf(noise).length).toBeGreaterThan(0);
    expect(numberMissing(noise, noise)).toBe(0);
    expect(contrary(noise, noise)).toBe(0);
    expect(negationMissing(noise, noise)).toBe(0);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(numbersOf("")).toEqual([]);
    expect(contrary("", "")).toBe(0);
  });
});
