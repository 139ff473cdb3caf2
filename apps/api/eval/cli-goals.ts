/** The goals of issue 23, on the test halves. */
export const GOALS = {
  hit1OverBaseline: 0.05,
  recall5: 0.95,
  abstention: 0.5,
  falseAbstention: 0.05,
  containsGold: 0.7,
  medianLength: 250,
};
