/** What other features may use of analytics: its cache keys and the check of a day's format. */
export { analyticsKeys } from "./api";
export { isIsoDay } from "./date-range";
