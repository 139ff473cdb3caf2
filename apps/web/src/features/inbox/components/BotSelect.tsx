import { useId } from "react";
import { useChatbots } from "../../chatbots/api";

/** "All chatbots" or one of the owner's bots. */
export function BotSelect({
  value,
  onChange,
  label = "Chatbot",
}: {
  value: string | undefined;
  onChange: (chatbotId?: string) => void;
  label?: string;
}) {
  const id = useId();
  const bots = useChatbots();
  return (
    <div className="field inbox-field inbox-bot-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">All chatbots</option>
        {(bots.data ?? []).map((bot) => (
          <option key={bot._id} value={bot._id}>
            {bot.name}
          </option>
        ))}
        {value && bots.data && !bots.data.some((bot) => bot._id === value) ? (
          <option value={value}>A deleted chatbot</option>
        ) : null}
      </select>
    </div>
  );
}
