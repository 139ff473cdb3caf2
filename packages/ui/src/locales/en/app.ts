/** The signed-in app's frame: header, sections, account menu, sign-out, splash, sign-in callback. */
const app = {
  nav: {
    dashboard: "Dashboard",
    inbox: "Inbox",
    analytics: "Analytics",
    team: "Team",
    billing: "Billing",
    account: "Account",
    support: "Support",
    developers: "Developers",
  },
  header: {
    home: "Parley dashboard",
    navLabel: "App",
    menu: "Menu",
    sections: "Sections",
    menuButton: "{{section}}, menu",
  },
  userMenu: {
    button: "Account menu for {{name}}",
    label: "Account",
    yourAccount: "Your account",
    settings: "Account settings",
    help: "Help and support",
    console: "Operator's console",
    signOut: "Sign out",
  },
  signOut: {
    title: "Sign Out",
    description: "Are you sure you want to sign out? You will need to sign in again to access your account.",
    confirm: "Sign Out",
  },
  /** A section the member's role does not cover, opened by its address. */
  access: {
    analytics:
      "Analytics are for the workspace's owners and admins. Your role covers the inbox and the chatbots' conversations.",
    toInbox: "Go to the inbox",
  },
  shell: {
    skip: "Skip to content",
    signingOut: "Signing you out…",
    toSignIn: "Taking you to sign in…",
    unavailableTitle: "We couldn't reach the sign-in service",
    unavailableBody:
      "Parley couldn't check whether you're signed in. This is usually a brief network problem. Check your connection and try again.",
    home: "Parley home",
  },
  splash: {
    loading: "Loading",
    taglines: {
      t01: "AI chatbots that answer from your own knowledge.",
      t02: "One script tag, and your website starts answering.",
      t03: "Turning your FAQs into conversations.",
      t04: "Answers that cite your documents, not the internet.",
      t05: "Support that never clocks out.",
      t06: "Every question answered, every lead captured.",
      t07: "Your knowledge base, now on speaking terms with customers.",
      t08: "Fewer tickets, happier customers.",
      t09: "Answers that stream in word by word, the moment they're ready.",
      t10: "Priced in Bahraini dinar, paid with BENEFIT or card.",
      t11: "Bring your own model, or answer without one.",
      t12: "Learn what customers ask, straight from your inbox.",
      t13: "From PDF to helpful answer in minutes.",
      t14: "Allowed domains keep your chatbot on your sites only.",
      t15: "A widget under 2 KB that waits until it's needed.",
      t16: "Great answers start with your own words.",
      t17: "Conversations that turn visitors into customers.",
      t18: "Helpful at 3 a.m., on every page of your site.",
    },
  },
  callback: {
    title: "Signing in",
    signingIn: "Signing you in…",
    backToSignIn: "Back to sign in",
    errorCode: "Error code: {{code}}",
    failures: {
      missingToken: {
        title: "This sign-in link is incomplete",
        message:
          "The link that brought you here is missing the part that proves you signed in. Please sign in again.",
      },
      authError: {
        title: "Sign-in didn't finish",
        message: "The sign-in service couldn't complete your sign-in. Please try signing in again.",
      },
      noSession: {
        title: "We couldn't confirm your sign-in",
        message:
          "Your sign-in has expired or was finished in another browser. Please sign in again to continue to Parley.",
      },
      mismatch: {
        title: "This sign-in link doesn't match your session",
        message:
          "You may have signed in with a different account in this browser since the link was made. Please sign in again.",
      },
      unreachable: {
        title: "We couldn't reach the sign-in service",
        message: "This is usually a brief network problem. Check your connection and try again.",
      },
      noToken: {
        title: "We couldn't start your session",
        message: "You're signed in, but Parley couldn't get access for your account. Please sign in again.",
      },
    },
  },
  /** A failed call to the auth service from the signed-in app (see features/session/auth-errors.ts). */
  authErrors: {
    network: "We couldn't reach the sign-in service. Check your connection and try again.",
    generic: "Something went wrong. Please try again.",
    server: "Something went wrong on our side. Please try again in a moment.",
    rateLimited: "Too many attempts. Please wait a few seconds and try again.",
    rateLimitedFor_one: "Too many attempts. Please wait {{count}} second and try again.",
    rateLimitedFor_other: "Too many attempts. Please wait {{count}} seconds and try again.",
    emailSame: "Email is the same",
    emailNotUpdated: "Couldn't update your email",
    emailInvalid: "Enter a valid email address, like name@company.com.",
    nameInvalid: "Enter your name on one line, with something visible and at most 120 characters.",
    passwordWrong: "That password isn't right. Check it and try again.",
    noPassword:
      "Your account has no password yet because you sign in with a provider. Use “Forgot password” on the sign-in page to set one.",
    passwordTooShort: "Password is too short.",
    passwordTooShortMin: "Password is too short. Use at least {{min}} characters.",
    passwordTooLong: "Password is too long.",
    passwordTooLongMax: "Password is too long. Use at most {{max}} characters.",
    notFresh: "For your security, please sign in again before making this change.",
    sessionEnded: "Your session has ended. Please sign in again.",
    lastAccount: "You can't unlink your last sign-in method. Link another one first.",
    accountNotFound: "That sign-in method isn't linked to your account any more. Reload to see the list.",
    changeEmailDisabled: "Changing your email isn't available right now. Please contact support.",
    verificationDisabled: "We can't send verification emails right now. Please contact support.",
    refused: "This request was refused for your security. Reload the page and try again.",
    invalidInput: "Some details are missing or not valid. Check the form and try again.",
  },
} as const;

export default app;
