/**
 * What other features may use of the chatbots: the bot list and sources, the bot picker, the
 * toasts and the icons the inbox shares. Everything else here is the builder's own. A component
 * that imports styles is not listed here: every importer of this file would load them too.
 */
export { useAddSource, useChatbots } from "./api";
export { BotSelect } from "./components/BotSelect";
export { ArrowLeftIcon, ExternalIcon, InboxIcon, KindIcon, TrashIcon } from "./components/icons";
export { ToastProvider, useToast } from "./components/Toast";
