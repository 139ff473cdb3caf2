import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useState } from "react";
import { isApiError } from "../../../../app/api";
import { checkFile } from "../../chatbots";
import { useClientText } from "../../form-message";
import { useWords } from "../../words";
import { ErrorNotice } from "../ErrorNotice";
import { FileDrop } from "../FileDrop";
import { Actions, type SubFormProps } from "./shared";

export function FileSourceForm({
  onSubmit,
  submitLabel,
  secondary,
  fileLimitMb,
}: Omit<SubFormProps, "idPrefix"> & { fileLimitMb: number }) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const clientText = useClientText();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (next: File | null) => {
    setFailure(null);
    setFile(next);
    setProblem(next ? checkFile(next, fileLimitMb, words) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    if (!file) {
      setProblem(t("files.choose"));
      return;
    }
    const issue = checkFile(file, fileLimitMb, words);
    if (issue) {
      setProblem(issue);
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      await onSubmit({ kind: "file", file }, setProgress);
      setFile(null);
    } catch (error) {
      // The server checks the content: a renamed image is refused here with its own words.
      if (
        isApiError(error) &&
        (error.code === "UNSUPPORTED_MEDIA_TYPE" || error.code === "PAYLOAD_TOO_LARGE")
      )
        setProblem(clientText(error.message));
      else setFailure(error);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <form className="form source-subform" onSubmit={submit} noValidate>
      <FileDrop file={file} onFile={choose} limitMb={fileLimitMb} error={problem} disabled={uploading} />
      {uploading ? (
        <div className="upload-progress">
          <div
            className="progress"
            role="progressbar"
            aria-label={t("files.upload")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
          <span className="upload-progress-label">
            {percent < 100
              ? t("files.uploadingPercent", { percent: words.number(percent) })
              : t("files.checking")}
          </span>
        </div>
      ) : null}
      <ErrorNotice error={failure} />
      <Actions
        busy={uploading}
        busyLabel={t("files.uploading")}
        submitLabel={submitLabel}
        secondary={secondary}
      />
    </form>
  );
}
