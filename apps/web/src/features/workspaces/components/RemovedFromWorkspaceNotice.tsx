import { signUpNameOwner } from "@parley/contracts";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useRef } from "react";
import { useWorkspaceErrorText } from "../errors";
import "../styles/removed.css";
import { Button } from "@parley/ui/components/Button";

export interface RemovedFromWorkspaceNoticeProps {
  workspaceName: string | null;
  switching: boolean;
  /** Why switching failed (shown in words, without a reference id). */
  error: unknown;
  onSwitch: () => void;
}

/** One calm message with the way forward: no error cards, no reference ids, no "Try again". */
export function RemovedFromWorkspaceNotice({
  workspaceName,
  switching,
  error,
  onSwitch,
}: RemovedFromWorkspaceNoticeProps) {
  const { t } = useTranslation("team");
  const errorText = useWorkspaceErrorText();
  const heading = useRef<HTMLHeadingElement>(null);
  // Someone's personal workspace under its sign-up name (English) is said in the reader's language.
  const owner = workspaceName ? signUpNameOwner(workspaceName) : undefined;
  const shownName = owner ? t("switcher.theirWorkspace", { name: owner }) : workspaceName;
  // Screen readers and keyboards start at the message, wherever the focus was.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="container removed-page">
      <section className="removed-card" aria-labelledby="removed-title" data-testid="removed-from-workspace">
        <h1 id="removed-title" ref={heading} tabIndex={-1}>
          {shownName ? (
            <Trans
              t={t}
              i18nKey="removed.title"
              values={{ workspace: shownName }}
              components={{ ws: <bdi /> }}
            />
          ) : (
            t("removed.titleUnnamed")
          )}
        </h1>
        <p>{t("removed.body")}</p>
        {error ? (
          <p className="removed-error" role="alert">
            {errorText(error)}
          </p>
        ) : null}
        <div className="removed-actions">
          <Button variant="primary" onClick={onSwitch} busy={switching} busyLabel={t("removed.switching")}>
            {t("removed.switch")}
          </Button>
        </div>
      </section>
    </div>
  );
}
