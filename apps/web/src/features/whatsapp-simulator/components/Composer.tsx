import { useTranslation } from "@parley/ui/i18n/react";
import { useId, useState } from "react";
import { type ComposerType, composerProblem, MEDIA_TYPES, TEXT_MAX } from "../simulator";

interface ComposerProps {
  disabled: boolean;
  sending: boolean;
  /** Resolves true when the stand-in took the message (the text is then cleared). */
  onSend: (type: ComposerType, text: string) => Promise<boolean>;
}

/** The customer's keyboard: text (Enter sends), or a photo, document, voice note, place or sticker. */
export function Composer({ disabled, sending, onSend }: ComposerProps) {
  const { t } = useTranslation("developers");
  const id = useId();
  const [type, setType] = useState<ComposerType>("text");
  const [text, setText] = useState("");
  const problem = composerProblem(type, text);
  const placeholder =
    type === "text"
      ? t("simulator.composer.placeholder")
      : type === "location"
        ? t("simulator.composer.locationPlaceholder")
        : t("simulator.composer.captionPlaceholder");

  const submit = async () => {
    if (disabled || sending || problem) return;
    if (await onSend(type, text.trim())) {
      setText("");
      setType("text");
    }
  };

  return (
    <form
      className="wa-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="wa-composer-type">
        <label htmlFor={`${id}-type`}>{t("simulator.composer.sendAs")}</label>
        <select
          id={`${id}-type`}
          value={type}
          disabled={disabled}
          onChange={(event) => setType(event.target.value as ComposerType)}
        >
          <option value="text">{t("simulator.composer.types.text")}</option>
          {MEDIA_TYPES.map((m) => (
            <option key={m} value={m}>
              {t(`simulator.composer.types.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="wa-composer-row">
        <label htmlFor={`${id}-text`} className="sr-only">
          {type === "text" ? t("simulator.composer.label") : placeholder}
        </label>
        <input
          id={`${id}-text`}
          className="wa-composer-input"
          type="text"
          dir="auto"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={TEXT_MAX + 1}
          placeholder={placeholder}
          value={text}
          disabled={disabled}
          aria-invalid={problem === "tooLong" ? true : undefined}
          aria-describedby={problem === "tooLong" ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="submit"
          className="wa-send"
          disabled={disabled || sending || problem !== null}
          aria-label={sending ? t("simulator.composer.sending") : t("simulator.composer.send")}
          title={t("simulator.composer.send")}
        >
          {sending ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <svg
              className="icon-directional"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M3.4 20.4l17.45-7.48a1 1 0 0 0 0-1.84L3.4 3.6a.99.99 0 0 0-1.39.91L2 9.12c0 .5.37.93.87.99L17 12 2.87 13.88c-.5.07-.87.5-.87 1l.01 4.61c0 .71.73 1.2 1.39.91z" />
            </svg>
          )}
        </button>
      </div>
      {problem === "tooLong" ? (
        <p id={`${id}-error`} className="wa-composer-error" role="alert">
          {t("simulator.composer.tooLong", { max: TEXT_MAX })}
        </p>
      ) : null}
    </form>
  );
}
