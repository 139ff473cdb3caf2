/** Words every screen shares: the language switch, generic actions and states. */
const common = {
  language: {
    label: "Language",
    switchTo: "Switch to {{language}}",
    saveFailed: "Your language choice could not be saved to your account. It still applies on this device.",
  },
  actions: {
    save: "Save",
    saving: "Saving…",
    cancel: "Cancel",
    close: "Close",
    confirm: "Confirm",
    delete: "Delete",
    edit: "Edit",
    back: "Back",
    next: "Next",
    retry: "Try again",
    copy: "Copy",
    copied: "Copied",
    continue: "Continue",
    dismiss: "Dismiss",
    loadMore: "Load more",
    signIn: "Sign in",
    signOut: "Sign out",
    reload: "Reload the page",
  },
  pager: {
    label: "Pages",
    previous: "Previous",
    next: "Next",
    position: "Page {{page}} of {{pages}}",
  },
  states: {
    loading: "Loading…",
    empty: "Nothing here yet",
    error: "Something went wrong",
    offline: "You appear to be offline.",
  },
  fields: {
    optional: "Optional",
    required: "Required",
    showPassword: "Show password",
    hidePassword: "Hide password",
  },
  confidence: {
    label: "Confidence {{percent}}",
    low: "Low confidence {{percent}}",
    heldBack: "Held back an answer · confidence {{percent}}",
    title:
      "How sure the built-in engine is that the passage it quoted answers the question. Answers under 60% are marked low.",
    lowTitle:
      "The built-in engine was not very sure this passage answers the question. It is listed under Unanswered so you can add knowledge that covers it.",
    heldBackTitle:
      "The built-in engine found a possible answer but was not sure enough for this chatbot's caution setting, so it sent the fallback reply instead.",
  },
  reference: "Reference: {{id}}",
  product: "Parley",
} as const;

export default common;
