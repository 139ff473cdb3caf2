import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { type DragEvent, useId, useState } from "react";
import { ACCEPTED_FILE_TYPES, acceptedFileHint, formatBytes } from "../chatbots";
import { useWords } from "../words";
import { FileIcon, UploadIcon } from "./icons";

interface FileDropProps {
  file: File | null;
  onFile: (file: File | null) => void;
  limitMb: number;
  error?: string | null | undefined;
  disabled?: boolean;
}

/**
 * Drag a document onto the zone, or click it (or focus it and press Enter/Space: it is a real
 * file input underneath) to pick one.
 */
export function FileDrop({ file, onFile, limitMb, error, disabled = false }: FileDropProps) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <div className="file-drop-wrap">
      <label
        htmlFor={inputId}
        className="file-drop"
        data-dragging={dragging || undefined}
        data-invalid={error ? true : undefined}
        data-disabled={disabled || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? "none" : "copy";
        }}
        onDragLeave={(event) => {
          // Leaving for a child element is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          type="file"
          className="sr-only"
          accept={ACCEPTED_FILE_TYPES}
          disabled={disabled}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            onFile(event.target.files?.[0] ?? null);
            // Picking the same file again after removing it must fire change again.
            event.target.value = "";
          }}
        />
        {file ? (
          <span className="file-drop-chosen">
            <span className="file-drop-icon">
              <FileIcon size={22} />
            </span>
            <span className="file-drop-name">{file.name}</span>
            <span className="file-drop-meta">
              {t("files.chosenMeta", { size: formatBytes(file.size, words) })}
            </span>
          </span>
        ) : (
          <span className="file-drop-empty">
            <span className="file-drop-icon">
              <UploadIcon size={22} />
            </span>
            <span className="file-drop-title">
              <Trans
                t={t}
                i18nKey="files.drop"
                components={{ b: <strong />, choose: <span className="file-drop-link" /> }}
              />
            </span>
          </span>
        )}
      </label>
      <p id={hintId} className="field-hint">
        {t("files.limitHint", { types: acceptedFileHint(words), limit: words.number(limitMb) })}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
