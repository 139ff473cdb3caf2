import { useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";
import { useChatbots } from "../api";

/** "All chatbots" or one of the owner's bots. */
export function BotSelect({
  value,
  onChange,
  label,
}: {
  value: string | undefined;
  onChange: (chatbotId?: string) => void;
  label?: string;
}) {
  const { t } = useTranslation("inbox");
  const id = useId();
  const bots = useChatbots();
  return (
    <div className="field inbox-field inbox-bot-select">
      <label htmlFor={id}>{label ?? t("bots.label")}</label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{t("bots.all")}</option>
        {(bots.data ?? []).map((bot) => (
          <option key={bot._id} value={bot._id}>
            {bot.name}
          </option>
        ))}
        {value && bots.data && !bots.data.some((bot) => bot._id === value) ? (
          <option value={value}>{t("bots.deleted")}</option>
        ) : null}
      </select>
    </div>
  );
}
