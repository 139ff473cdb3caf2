import type { Analytics } from "@parley/contracts";
import { useId } from "react";
import { formatCount, formatShare } from "../numbers";

function Kpi({ label, value, detail }: { label: string; value: string; detail: string }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of three texts, not form controls (no fieldset)
    <div className="card kpi" role="group" aria-labelledby={id}>
      <span id={id} className="kpi-label">
        {label}
      </span>
      <span className="kpi-value">{value}</span>
      <span className="kpi-detail">{detail}</span>
    </div>
  );
}

/** The headline figures, exactly as the API counted them. */
export function KpiGrid({ data }: { data: Analytics }) {
  const { totals } = data;
  const ratings = totals.thumbsUp + totals.thumbsDown;
  return (
    <div className="kpi-grid">
      <Kpi label="Conversations" value={formatCount(totals.conversations)} detail="started by visitors" />
      <Kpi
        label="Messages"
        value={formatCount(totals.messages)}
        detail={`${formatCount(totals.questions)} ${totals.questions === 1 ? "question" : "questions"} asked`}
      />
      <Kpi
        label="Answered"
        value={formatShare(data.answeredShare)}
        detail={
          data.answeredShare === null
            ? "no replies yet"
            : `${formatCount(totals.answered)} answered from your knowledge`
        }
      />
      <Kpi
        label="Satisfaction"
        value={formatShare(data.satisfaction)}
        detail={
          ratings === 0
            ? "no ratings yet"
            : `${formatCount(totals.thumbsUp)} helpful · ${formatCount(totals.thumbsDown)} not helpful`
        }
      />
      <Kpi label="Leads" value={formatCount(totals.leads)} detail="contact details left" />
    </div>
  );
}
