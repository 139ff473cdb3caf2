import { Button } from "@parley/ui/components/Button";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useId } from "react";

export interface WorkspaceNameFormProps {
  mode: "rename" | "create";
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  pending: boolean;
  /** What is wrong, in words: shown under the field, which it describes. */
  error: string | null;
  /** The line after a rename was saved. */
  notice?: ReactNode;
  /** Rename: the field holds the current name, so there is nothing to save. */
  unchanged?: boolean;
}

/** The workspace name field with its button: renaming this workspace, or naming a new one. */
export function WorkspaceNameForm(props: WorkspaceNameFormProps) {
  const { mode, value, pending, error, notice, unchanged } = props;
  const { t } = useTranslation("team");
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <form
      className="form"
      noValidate
      data-testid={`workspace-${mode}`}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t(mode === "rename" ? "workspace.name" : "workspace.createName")}</label>
        <input
          id={id}
          type="text"
          dir="auto"
          autoComplete="off"
          value={value}
          placeholder={mode === "create" ? t("workspace.createPlaceholder") : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <div className="settings-actions">
        <Button type="submit" variant="primary" size="sm" disabled={unchanged} busy={pending}>
          {t(mode === "rename" ? "workspace.save" : "workspace.create")}
        </Button>
      </div>
    </form>
  );
}
