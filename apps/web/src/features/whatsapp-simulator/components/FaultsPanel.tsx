import { useTranslation } from "@parley/ui/i18n/react";
import { useId, useState } from "react";
import { useQueueFault } from "../api";
import { FAULT_COUNT_MAX, FAULTS, type Fault } from "../simulator";
import { SimulatorField } from "./SimulatorField";

/** "Simulate a failure": Parley's next sends from the number fail as Meta's API fails. */
export function FaultsPanel({ numberId }: { numberId: string }) {
  const { t } = useTranslation("developers");
  const id = useId();
  const [fault, setFault] = useState<Fault>("rate_limit");
  const [count, setCount] = useState("1");
  const queue = useQueueFault(numberId);
  const n = Number(count);
  const countValid = Number.isInteger(n) && n >= 1 && n <= FAULT_COUNT_MAX;

  return (
    <details className="wa-faults">
      <summary>{t("simulator.faults.title")}</summary>
      <form
        className="wa-faults-body"
        onSubmit={(event) => {
          event.preventDefault();
          if (countValid) queue.mutate({ fault, count: n });
        }}
      >
        <p className="wa-muted">{t("simulator.faults.lead")}</p>
        <fieldset className="wa-faults-kinds">
          <legend>{t("simulator.faults.kind")}</legend>
          {FAULTS.map((f) => (
            <label key={f} className="wa-fault">
              <input
                type="radio"
                name={`${id}-fault`}
                value={f}
                checked={fault === f}
                onChange={() => setFault(f)}
              />
              <span>
                <span className="wa-fault-name">{t(`simulator.faults.types.${f}`)}</span>
                <span className="wa-fault-help">{t(`simulator.faults.help.${f}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SimulatorField
          id={`${id}-count`}
          label={t("simulator.faults.count")}
          hint={t("simulator.faults.countHint")}
          invalid={!countValid}
          className="input wa-faults-count"
          type="number"
          inputMode="numeric"
          min={1}
          max={FAULT_COUNT_MAX}
          dir="ltr"
          value={count}
          onValueChange={setCount}
        />
        <div className="wa-faults-actions">
          <button
            type="submit"
            className="btn btn-secondary btn-sm"
            disabled={!countValid || queue.isPending}
          >
            {queue.isPending ? t("simulator.faults.queuing") : t("simulator.faults.queue")}
          </button>
        </div>
        <p className="wa-status-line" role="status" aria-live="polite">
          {queue.isSuccess ? t("simulator.faults.queued", { count: queue.data.queued }) : null}
        </p>
        {queue.isError ? (
          <p className="alert alert-error" role="alert">
            {t("simulator.faults.failed")}
          </p>
        ) : null}
      </form>
    </details>
  );
}
