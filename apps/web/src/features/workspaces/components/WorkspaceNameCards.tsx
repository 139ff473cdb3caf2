import { Trans, useServerText, useTranslation } from "@parley/ui/i18n/react";
import { useId, useState } from "react";
import { createWorkspace, useRenameWorkspace, useWorkspaces } from "../api";
import { useWorkspaceErrorText } from "../errors";
import { useCan } from "../permissions";
import { workspaceNameProblem } from "../workspace-name";
import { WorkspaceNameForm } from "./WorkspaceNameForm";

/** What went wrong with a name: a rule it breaks (English, translated when shown) or a failed call. */
type Problem = { message: string } | { error: unknown };

function useProblemText() {
  const serverText = useServerText();
  const errorText = useWorkspaceErrorText();
  return (problem: Problem | null): string | null =>
    problem === null
      ? null
      : "message" in problem
        ? serverText(problem.message, "VALIDATION_FAILED")
        : errorText(problem.error);
}

/** Team page, owners: the workspace's name (what the switcher and invitation e-mails show). */
export function WorkspaceNameCard({ workspaceId }: { workspaceId: string }) {
  const canRename = useCan("workspace:rename");
  return canRename ? <RenameCard workspaceId={workspaceId} /> : null;
}

function RenameCard({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("team");
  const problemText = useProblemText();
  const workspaces = useWorkspaces();
  const rename = useRenameWorkspace(workspaceId);
  const current = workspaces.data?.find((w) => w.id === workspaceId)?.name;
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const value = draft ?? current ?? "";
  const headingId = useId();

  function submit() {
    setSaved(null);
    const name = value.trim();
    const broken = workspaceNameProblem(name);
    if (broken) {
      setProblem({ message: broken });
      return;
    }
    setProblem(null);
    rename
      .mutateAsync(name)
      .then(() => {
        setSaved(name);
        setDraft(null);
      })
      .catch((error: unknown) => setProblem({ error }));
  }

  return (
    <section className="card settings-card" aria-labelledby={headingId} data-testid="workspace-name-card">
      <div className="settings-card-intro">
        <h2 id={headingId}>{t("workspace.title")}</h2>
        <div className="settings-card-description">{t("workspace.description")}</div>
      </div>
      <div className="settings-card-body">
        <WorkspaceNameForm
          mode="rename"
          value={value}
          onChange={(next) => {
            setDraft(next);
            setProblem(null);
            setSaved(null);
          }}
          onSubmit={submit}
          pending={rename.isPending || current === undefined}
          error={problemText(problem)}
          unchanged={value.trim() === current}
          notice={
            saved ? (
              <Trans t={t} i18nKey="workspace.saved" values={{ name: saved }} components={{ b: <bdi /> }} />
            ) : null
          }
        />
      </div>
    </section>
  );
}

/** Team page, everyone: a new workspace of one's own, switched to once it exists. */
export function CreateWorkspaceCard() {
  const { t } = useTranslation("team");
  const problemText = useProblemText();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const headingId = useId();

  function submit() {
    const name = value.trim();
    const broken = workspaceNameProblem(name);
    if (broken) {
      setProblem({ message: broken });
      return;
    }
    setProblem(null);
    setPending(true);
    // On success the page moves to the new workspace (a full reload with its token).
    createWorkspace(name).catch((error: unknown) => {
      setPending(false);
      setProblem({ error });
    });
  }

  return (
    <section className="card settings-card" aria-labelledby={headingId} data-testid="workspace-create-card">
      <div className="settings-card-intro">
        <h2 id={headingId}>{t("workspace.createTitle")}</h2>
        <div className="settings-card-description">{t("workspace.createDescription")}</div>
      </div>
      <div className="settings-card-body">
        <WorkspaceNameForm
          mode="create"
          value={value}
          onChange={(next) => {
            setValue(next);
            setProblem(null);
          }}
          onSubmit={submit}
          pending={pending}
          error={problemText(problem)}
        />
      </div>
    </section>
  );
}
