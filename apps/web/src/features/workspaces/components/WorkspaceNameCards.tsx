import { Trans, useServerText, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useId, useState } from "react";
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

/** The typed name, trimmed, if it is a valid one; the problem shown is the rule it breaks, or none. */
function checkedName(value: string, setProblem: (problem: Problem | null) => void): string | null {
  const name = value.trim();
  const broken = workspaceNameProblem(name);
  setProblem(broken ? { message: broken } : null);
  return broken ? null : name;
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

  function submit() {
    setSaved(null);
    const name = checkedName(value, setProblem);
    if (name === null) return;
    rename
      .mutateAsync(name)
      .then(() => {
        setSaved(name);
        setDraft(null);
      })
      .catch((error: unknown) => setProblem({ error }));
  }

  return (
    <NameCard
      testId="workspace-name-card"
      title={t("workspace.title")}
      description={t("workspace.description")}
    >
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
    </NameCard>
  );
}

/** Team page, everyone: a new workspace of one's own, switched to once it exists. */
export function CreateWorkspaceCard() {
  const { t } = useTranslation("team");
  const problemText = useProblemText();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);

  function submit() {
    const name = checkedName(value, setProblem);
    if (name === null) return;
    setPending(true);
    // On success the page moves to the new workspace (a full reload with its token).
    createWorkspace(name).catch((error: unknown) => {
      setPending(false);
      setProblem({ error });
    });
  }

  return (
    <NameCard
      testId="workspace-create-card"
      title={t("workspace.createTitle")}
      description={t("workspace.createDescription")}
    >
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
    </NameCard>
  );
}

/**
 * One of the Team page's workspace cards, in the settings-card layout (as SectionCard) and named
 * by its heading; `testId` marks the card itself.
 */
function NameCard({
  testId,
  title,
  description,
  children,
}: {
  testId: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card settings-card" aria-labelledby={headingId} data-testid={testId}>
      <div className="settings-card-intro">
        <h2 id={headingId}>{title}</h2>
        <div className="settings-card-description">{description}</div>
      </div>
      <div className="settings-card-body">{children}</div>
    </section>
  );
}
