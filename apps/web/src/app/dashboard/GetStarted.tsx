import { Trans, useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { StrokeSvg } from "../../components/Svg";
import { DashCard } from "./DashCard";
import { type ChecklistState, widgetStep } from "./dashboard";

interface Step {
  id: string;
  title: string;
  body: ReactNode;
  state: ChecklistState;
}

interface GetStartedProps {
  emailVerified: boolean;
  /** Null while the plan is loading or failed: the step then shows as a link only. */
  onPaidPlan: boolean | null;
  /** How many chatbots the user has; null while unknown. */
  chatbotCount: number | null;
  /** The chatbot whose Embed tab the widget step opens; null without one. */
  firstChatbotId: string | null;
  /** Whether a visitor has chatted through the widget; null while unknown. */
  widgetLive: boolean | null;
}

/** The onboarding checklist: each step from the account's real state, with a link to do it. */
export function GetStarted({
  emailVerified,
  onPaidPlan,
  chatbotCount,
  firstChatbotId,
  widgetLive,
}: GetStartedProps) {
  const { t } = useTranslation("dashboard");
  const widget = widgetStep({ firstChatbotId, widgetLive });
  const steps: Step[] = [
    {
      id: "account",
      title: t("start.account.title"),
      body: t("start.account.body"),
      state: "done",
    },
    {
      id: "verify",
      title: t("start.verify.title"),
      body: emailVerified ? t("start.verify.done") : t("start.verify.todo"),
      state: emailVerified ? "done" : "todo",
    },
    {
      id: "plan",
      title: t("start.plan.title"),
      body: onPaidPlan ? (
        t("start.plan.done")
      ) : (
        <Trans t={t} i18nKey="start.plan.todo" components={{ a: <Link to="/billing" /> }} />
      ),
      state: onPaidPlan ? "done" : "todo",
    },
    {
      id: "chatbot",
      title: t("start.chatbot.title"),
      body: chatbotCount ? (
        t("start.chatbot.done")
      ) : (
        <Trans
          t={t}
          i18nKey="start.chatbot.todo"
          components={{ a: <Link to="/dashboard?create=chatbot" /> }}
        />
      ),
      state: chatbotCount ? "done" : "todo",
    },
    {
      id: "widget",
      title: t("start.widget.title"),
      body: (
        <Trans t={t} i18nKey={`start.widget.${widget.kind}`} components={{ a: <Link to={widget.href} /> }} />
      ),
      state: widget.state,
    },
  ];
  const done = steps.filter((step) => step.state === "done").length;

  return (
    <DashCard
      name="start"
      title={t("start.title")}
      aside={
        <span className="dash-muted dash-small">{t("start.progress", { done, total: steps.length })}</span>
      }
    >
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.id} className="checklist-item" data-state={step.state}>
            <span className="checklist-mark" aria-hidden="true">
              {step.state === "done" ? (
                <StrokeSvg size={14} strokeWidth={3}>
                  <path d="M5 12.5 10 17 19 7" />
                </StrokeSvg>
              ) : null}
            </span>
            <div className="checklist-text">
              <p className="checklist-title">
                {step.title}
                <span className="sr-only">{step.state === "done" ? t("start.done") : t("start.todo")}</span>
              </p>
              <p className="checklist-body">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </DashCard>
  );
}
