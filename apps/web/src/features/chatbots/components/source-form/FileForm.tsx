import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useState } from "react";
import { isApiError } from "../../../../lib/api";
import { checkFile } from "../../chatbots";
import { useWords, type Words } from "../../words";
import { FileDrop } from "../FileDrop";
import { SubForm, type SubFormProps } from "./shared";

export function FileSourceForm({
  onSubmit,
  submitLabel,
  secondary,
  fileLimitMb,
}: SubFormProps & { fileLimitMb: number }) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const [file, setFile] = useState<File | null>(null);
  // Kept as words to say, so a language switch re-words a message already shown.
  const [problem, setProblem] = useState<((w: Words) => string | null) | null>(null);
  const say = (text: ((w: Words) => string | null) | null) => setProblem(() => text);
  const [failure, setFailure] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (next: File | null) => {
    setFailure(null);
    setFile(next);
    say(next ? (w) => checkFile(next, fileLimitMb, w) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    if (!file) {
      say((w) => w.t("files.choose"));
      return;
    }
    const issue = checkFile(file, fileLimitMb, words);
    if (issue) {
      say((w) => checkFile(file, fileLimitMb, w));
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
      ) {
        const { code, message } = error;
        say((w) => w.error({ code, message }));
      } else setFailure(error);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <SubForm
      onSubmit={submit}
      failure={failure}
      busy={uploading}
      busyLabel={t("files.uploading")}
      submitLabel={submitLabel}
      secondary={secondary}
    >
      <FileDrop
        file={file}
        onFile={choose}
        limitMb={fileLimitMb}
        error={problem ? problem(words) : null}
        disabled={uploading}
      />
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
    </SubForm>
  );
}
