import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { type ChecklistState, widgetStep } from "../dashboard";

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
  const widget = widgetStep({ firstChatbotId, widgetLive });
  const steps: Step[] = [
    {
      id: "account",
      title: "Create your Parley account",
      body: "You're in. Welcome aboard.",
      state: "done",
    },
    {
      id: "verify",
      title: "Verify your email address",
      body: emailVerified
        ? "Verified, so receipts and security notices reach you."
        : "Open the link we emailed you so receipts and security notices reach you.",
      state: emailVerified ? "done" : "todo",
    },
    {
      id: "plan",
      title: "Pick the plan that fits",
      body: onPaidPlan ? (
        "You're on a paid plan. Thank you!"
      ) : (
        <>
          Free works for trying things out. <Link to="/billing">Compare plans</Link> when you need more
          messages or chatbots.
        </>
      ),
      state: onPaidPlan ? "done" : "todo",
    },
    {
      id: "chatbot",
      title: "Create your first chatbot",
      body: chatbotCount ? (
        "Done. Open it under Your chatbots to add knowledge and test its answers."
      ) : (
        <>
          Give it a name and some knowledge, then test its answers.{" "}
          <Link to="/dashboard?create=chatbot">Create your chatbot</Link>
        </>
      ),
      state: chatbotCount ? "done" : "todo",
    },
    {
      id: "widget",
      title: "Add the chat widget to your website",
      body:
        widget.kind === "live" ? (
          <>
            Live: visitors are chatting with your bot. <Link to={widget.href}>Open the inbox</Link>
          </>
        ) : widget.kind === "embed" ? (
          <>
            Paste one line of code into your site and your bot answers there.{" "}
            <Link to={widget.href}>Get the embed code</Link>
          </>
        ) : (
          <>
            Once you have a chatbot, one line of code puts it on your site.{" "}
            <Link to={widget.href}>See how the widget works</Link>
          </>
        ),
      state: widget.state,
    },
  ];
  const done = steps.filter((step) => step.state === "done").length;

  return (
    <section className="card dash-card dash-start" aria-labelledby="dash-start-title">
      <div className="dash-card-head">
        <h2 id="dash-start-title" className="dash-card-title">
          Get started
        </h2>
        <span className="dash-muted dash-small">
          {done} of {steps.length} done
        </span>
      </div>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.id} className="checklist-item" data-state={step.state}>
            <span className="checklist-mark" aria-hidden="true">
              {step.state === "done" ? (
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="14"
                  height="14"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                >
                  <path d="M5 12.5 10 17 19 7" />
                </svg>
              ) : null}
            </span>
            <div className="checklist-text">
              <p className="checklist-title">
                {step.title}
                <span className="sr-only">{step.state === "done" ? " (done)" : " (to do)"}</span>
              </p>
              <p className="checklist-body">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
