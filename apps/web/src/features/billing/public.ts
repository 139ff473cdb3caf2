/**
 * What other features may use of billing: the subscription and usage queries (the dashboard and
 * the chatbot builder show the plan's limits) and the dashboard's wording. Everything else here is
 * billing's own.
 */
export { dashboardKeys, useSubscriptionDetails, useUsage } from "./plan-usage";
export { useDashboardWording } from "./use-wording";
export { type DashboardKey, englishDashboard, type Wording } from "./wording";
