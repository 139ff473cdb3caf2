import { ChatbotPage } from "../../features/chatbots/pages/ChatbotPage";
import { BotConversationsTab } from "../../features/inbox/components/BotConversationsTab";

/** `/chatbots/:id`: the builder, with the inbox's conversations of the bot as its Conversations tab. */
export function ChatbotRoute() {
  return <ChatbotPage ConversationsTab={BotConversationsTab} />;
}
