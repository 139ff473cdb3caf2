import type { IngestLimits } from "@parley/contracts";

const count = new Intl.NumberFormat("en-US");

/** The failure reasons for a source past its plan's limits, naming the limit and the plan. */
export function limitMessages(limits: IngestLimits, planName: string) {
  const plan = `the ${planName} plan`;
  return {
    text: `This document has more than ${count.format(limits.textChars)} characters of text, the most one source can hold on ${plan}. Split it into smaller files or upgrade your plan.`,
    fileChunks: `This document gives more than ${count.format(limits.chunks)} passages, the most one source can hold on ${plan}. Split it into smaller files or upgrade your plan.`,
    siteChunks: `This site gives more than ${count.format(limits.chunks)} passages, the most one source can hold on ${plan}. Lower the page limit or upgrade your plan.`,
    fileSize: `Files are limited to ${limits.fileMb} MB on your plan. Upgrade for larger files.`,
  };
}
