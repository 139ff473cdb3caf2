import { useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useRef, useState } from "react";

type CopyState = "idle" | "copied" | "failed";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and non-secure origins have no async clipboard API.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("Copy command was rejected");
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation(["pages", "common"]);
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onClick = async () => {
    try {
      await copyText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState("idle"), 2000);
  };

  return (
    <>
      <button type="button" className="btn btn-sm btn-code" onClick={onClick}>
        {state === "copied"
          ? t("widget.copy.copied")
          : state === "failed"
            ? t("widget.copy.failed")
            : (label ?? t("common:actions.copy"))}
      </button>
      <span className="sr-only" aria-live="polite">
        {state === "copied"
          ? t("widget.copy.copiedStatus")
          : state === "failed"
            ? t("widget.copy.failedStatus")
            : ""}
      </span>
    </>
  );
}
