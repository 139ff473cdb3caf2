import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useDocumentTitle } from "../../components/use-document-title";
// The cards that bring their own styles are imported by path, not through the features' public.ts,
// so those styles load with the dashboard only.
import { AnalyticsSummaryCard } from "../../features/analytics/components/AnalyticsSummaryCard";
import { useDashboardWording, useSubscriptionDetails } from "../../features/billing/public";
import { ChatbotsSection } from "../../features/chatbots/components/ChatbotsSection";
import { useChatbots } from "../../features/chatbots/public";
import { useSignedInUser } from "../../features/session/public";
import { useCapabilities } from "../../features/workspaces/public";
import { useWidgetActivity } from "./api";
import { firstName, greetingFor } from "./dashboard";
import { GetStarted } from "./GetStarted";
import { PlanCard } from "./PlanCard";
import { UsageCard } from "./UsageCard";

export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const wording = useDashboardWording();
  useDocumentTitle(t("title"));
  // Everything on the dashboard belongs to the active workspace.
  const { user, workspaceId: userId } = useSignedInUser();
  // The plan is the owners' business; analytics the owners' and admins'.
  const can = useCapabilities();
  const subscription = useSubscriptionDetails(userId, can("billing"));
  const chatbots = useChatbots();
  const widgetActivity = useWidgetActivity(userId);
  // Fixed for the visit: the greeting should not flip while the page is open (its words follow
  // the language).
  const [hour] = useState(() => new Date().getHours());
  const greeting = greetingFor(hour, wording);
  const name = firstName(user.name);

  return (
    <div className="container app-page">
      <header className="app-page-head">
        <h1>{name ? t("greeting.withName", { greeting, name }) : greeting}</h1>
        <p className="app-page-lead">{t("lead")}</p>
      </header>
      <div className="dash-grid">
        <ChatbotsSection />
        {can("billing") ? <PlanCard userId={userId} /> : null}
        <UsageCard userId={userId} />
        {can("analytics:read") ? <AnalyticsSummaryCard /> : null}
        {can("bots:write") ? (
          <GetStarted
            emailVerified={user.emailVerified}
            onPaidPlan={subscription.data ? subscription.data.plan.tier > 0 : null}
            chatbotCount={chatbots.data ? chatbots.data.length : null}
            firstChatbotId={chatbots.data?.[0]?._id ?? null}
            widgetLive={widgetActivity.data ?? null}
          />
        ) : null}
      </div>
    </div>
  );
}
