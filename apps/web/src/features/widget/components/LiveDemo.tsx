import { demoInfoSchema } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { useQuery } from "@tanstack/react-query";
import { CopyableCode } from "../../../components/CopyableCode";
import { apiFetch } from "../../../lib/api";
import { signUpUrl } from "../../../lib/config";
import { embedSnippet } from "../embed";

/** The showcase bot, chatting for real in its own frame, with the snippet that would embed it. */
export function LiveDemo() {
  const { t } = useTranslation("pages");
  const demo = useQuery({
    queryKey: ["demo"],
    queryFn: ({ signal }) => apiFetch("/api/demo", { schema: demoInfoSchema, signal }),
    staleTime: 5 * 60_000,
  });
  const chatbotId = demo.data?.chatbotId;
  if (demo.isPending) return <div className="live-demo live-demo-loading" aria-busy="true" />;
  if (!chatbotId) {
    return (
      <div className="demo-placeholder">
        <h2>{t("widget.demo.placeholderTitle")}</h2>
        <p>{t("widget.demo.placeholderBody")}</p>
        <a className="btn btn-primary" href={signUpUrl}>
          {t("widget.demo.startFree")}
        </a>
      </div>
    );
  }
  const snippet = embedSnippet(chatbotId);
  return (
    <div className="live-demo">
      <div className="live-demo-copy">
        <h2>{t("widget.demo.title")}</h2>
        <p className="live-demo-note">{t("widget.demo.note")}</p>
        <p className="live-demo-note">{t("widget.demo.snippetNote")}</p>
        <CopyableCode label={t("widget.codeLabel")} code={snippet} />
      </div>
      <iframe
        className="live-demo-frame"
        src={`/widget/chat/${chatbotId}`}
        title={t("widget.demo.frameTitle")}
        loading="lazy"
      />
    </div>
  );
}
