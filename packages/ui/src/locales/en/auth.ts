/**
 * The hosted sign-in app (apps/auth/ui): pages, fields, and every error it explains. Error texts
 * are chosen by better-auth's codes in apps/auth/ui/src/errors.ts, which returns these keys.
 */
const auth = {
  shell: {
    home: "Parley home",
    tagline: "AI chatbots that know your business.",
    terms: "Terms & Conditions",
    contact: "Contact",
  },
  fields: {
    showPassword: "Show password",
    hidePassword: "Hide password",
    email: "Email",
    password: "Password",
    name: "Name",
    workEmail: "Work email",
    confirmPassword: "Confirm password",
    newPassword: "New password",
    confirmNewPassword: "Confirm new password",
    passwordRule: "Use {{min}} to {{max}} characters.",
  },
  social: {
    continueWith: "Continue with <name>{{provider}}</name>",
    or: "or",
  },
  common: {
    checkingSession: "Checking your session",
    loading: "Loading",
    continuing: "Continuing…",
    continueTo: "Continue to {{platform}}",
    signingOut: "Signing out…",
    sending: "Sending…",
    backToSignIn: "Back to sign in",
    signIn: "Sign in",
    createAccount: "Create an account",
    errorCode: "Error code: <code>{{code}}</code>",
    checkInbox: "Check your inbox",
    tryAgain: "Try again",
  },
  signIn: {
    welcomeBack: "Welcome back",
    alreadySignedIn: "You're already signed in. Continue to {{platform}}?",
    useDifferentAccount: "Use a different account",
    title: "Sign in",
    subtitleParley: "Welcome back. Sign in to your account.",
    subtitlePlatform: "Sign in to continue to {{platform}}.",
    forgotPassword: "Forgot password?",
    rememberMe: "Remember me",
    signingIn: "Signing in…",
    newToParley: "New to Parley? <a>Create an account</a>",
  },
  /** Signing in again to an account already signed in (the operator's console asks for it). */
  reauth: {
    title: "Confirm it's you",
    subtitle: "For your security, enter your password again to continue to {{platform}}.",
    submit: "Confirm and continue",
    confirming: "Confirming…",
  },
  signUp: {
    title: "Create your account",
    subtitleParley: "Start building your first chatbot.",
    subtitlePlatform: "to continue to {{platform}}",
    resetPassword: "Reset password",
    creating: "Creating account…",
    submit: "Create account",
    haveAccount: "Already have an account? <a>Sign in</a>",
    sentTo:
      "We sent a verification link to <email>{{email}}</email>. Open it to activate your account, then sign in.",
    cantFind: "Can't find it? Check your spam folder. Wrong address? <button>Start over</button>",
  },
  resend: {
    button: "Resend verification email",
    again: "Send it again",
    sent: "We sent a new link to <email>{{email}}</email>. It can take a minute to arrive.",
  },
  forgot: {
    sentTitle: "Check your email",
    sentHelp: "The link works for a limited time. Didn't get anything? <button>Try again</button>",
    title: "Reset your password",
    subtitle: "Enter the email you use for your account and we'll send you a link to choose a new password.",
    submit: "Send reset link",
    remembered: "Remembered it? <a>Back to sign in</a>",
  },
  reset: {
    doneTitle: "Your password has been changed",
    doneSubtitle: "You can now sign in with your new password.",
    requestNew: "Request a new link",
    title: "Choose a new password",
    subtitle: "Pick a password you don't use anywhere else.",
    saving: "Saving…",
    submit: "Change password",
  },
  verified: {
    title: "Your email is verified",
    readyContinue: "Thanks, your account is ready. Continue to {{platform}}.",
    readySignIn: "Thanks, your account is ready. Sign in to get started.",
    continueToSignIn: "Continue to sign in",
    signOutOther: "Sign out of the other account",
    signedOut: "You're signed out. Open the link from your email again.",
    newLinkSent:
      "If <email>{{email}}</email> belongs to an account that still needs verifying, a new link is on its way. It can take a minute to arrive.",
    sendNewLink: "Send a new link",
  },
  status: {
    invalidPlatformTitle: "This sign-in link is not valid",
    invalidPlatformText:
      "The app that sent you here isn't registered with Parley, so we can't sign you in to it. Go back to the app and try again, or contact its support team.",
    goToParley: "Go to Parley",
    appId: "App id: <code>{{id}}</code>",
    unavailableTitle: "We can't reach the sign-in service",
    notFoundTitle: "Page not found",
    notFoundText: "There's nothing at this address.",
    goToSignIn: "Go to sign in",
  },
  errorPage: {
    stuckWithLink: "Still stuck? <a>Contact support</a> and mention the code below.",
    stuck: "Still stuck? Contact support and mention the code below.",
  },
  validation: {
    enterEmail: "Enter your email address.",
    choosePassword: "Choose a password.",
    confirmPassword: "Type the password again to confirm it.",
    passwordsDontMatch: "The passwords don't match.",
    enterPassword: "Enter your password.",
    enterName: "Enter your name.",
  },
  errors: {
    network: "We couldn't reach Parley. Check your internet connection and try again.",
    generic: "Something went wrong. Please try again.",
    server: "Something went wrong on our side. Please try again in a moment.",
    resetRequested: "If this email exists in our system, check your email for the reset link",
    rateLimited: "Too many attempts. Please wait a few seconds and try again.",
    rateLimitedFor_one: "Too many attempts. Please wait {{count}} second and try again.",
    rateLimitedFor_other: "Too many attempts. Please wait {{count}} seconds and try again.",
    invalidCredentials: "That email and password don't match. Check them and try again.",
    emailNotVerified: "Please verify your email address first. Open the link we sent you, or get a new one.",
    invalidEmail: "Enter a valid email address, like name@company.com.",
    passwordTooShort: "Password is too short. Use at least {{min}} characters.",
    passwordTooLong: "Password is too long. Use at most {{max}} characters.",
    userExists: "An account with this email already exists. Sign in instead, or reset your password.",
    invalidToken: "This link is invalid or has already been used. Request a new one.",
    tokenExpired: "This link has expired. Request a new one.",
    sessionExpired: "Your session has expired. Please sign in again.",
    providerUnavailable: "That sign-in option isn't available. Use your email and password instead.",
    userNotFound: "We couldn't find an account for this request.",
    alreadyVerified: "This email address is already verified. You can sign in.",
    emailMismatch:
      "You're signed in with a different email address. Sign out first, then ask for a link for this one.",
    verificationDisabled: "We can't send verification emails right now. Please contact support.",
    resetDisabled: "Password reset isn't available right now. Please contact support.",
    emailPasswordDisabled: "Signing in with email and password isn't available right now.",
    signUpDisabled: "New accounts can't be created right now. Please try again later.",
    createUserFailed: "We couldn't create your account just now. Please try again in a moment.",
    sessionFailed: "We couldn't sign you in just now. Please try again in a moment.",
    untrustedOrigin:
      "This request didn't come from a trusted page. Open the sign-in page again from the app.",
    invalidInput: "Some details are missing or not valid. Check the form and try again.",
    nameInvalid: "Enter your name on one line, with something visible and at most 120 characters.",
  },
  verifyErrors: {
    expired: {
      title: "This verification link has expired",
      message:
        "For your security, verification links only work for a limited time. We can send you a new one.",
    },
    invalid: {
      title: "This verification link isn't valid",
      message:
        "The link may be incomplete (some email apps cut long links) or altered. We can send you a new one.",
    },
    noUser: {
      title: "We couldn't find that account",
      message:
        "The account this link was sent for no longer exists. Create a new account, or send a new link if you signed up with another address.",
    },
    otherUser: {
      title: "This link is for a different account",
      message:
        "You're signed in with another account in this browser. Sign out, then open the link again — or send a new link below.",
    },
    unknown: {
      title: "We couldn't verify your email",
      message: "Something went wrong with this link. We can send you a new one.",
    },
  },
  resetErrors: {
    expired: {
      title: "This reset link has expired",
      message: "Password reset links only work for a limited time. Request a new one and use it soon.",
    },
    invalid: {
      title: "This reset link isn't valid",
      message:
        "It may have expired, been used already, or been replaced by a newer link. Request a new one to reset your password.",
    },
  },
  oauthErrors: {
    incompleteResponse: {
      title: "The sign-in request was incomplete",
      message: "The provider sent us back an incomplete response. Please start signing in again.",
    },
    stateExpired: {
      title: "Your sign-in session has expired",
      message:
        "Sign-in with a provider has to finish within 10 minutes, in the same browser where it started. Please start signing in again.",
    },
    stateInvalid: {
      title: "Your sign-in session has expired",
      message: "We couldn't match this response to a sign-in you started. Please start signing in again.",
    },
    stateSecurity: {
      title: "We stopped this sign-in to protect you",
      message:
        "The response didn't match the sign-in started in this browser. Please start signing in again.",
    },
    restart: {
      title: "Please start again",
      message: "This sign-in couldn't be completed. Go back and choose your sign-in option again.",
    },
    noCode: {
      title: "The provider didn't finish signing you in",
      message:
        "We didn't receive confirmation from the provider. If you cancelled, that's fine — please start signing in again.",
    },
    accessDenied: {
      title: "Sign-in was cancelled",
      message: "You didn't give permission at the provider. You can try again or sign in with your email.",
    },
    providerNotFound: {
      title: "That sign-in option isn't available",
      message: "This provider isn't set up for sign-in. Use your email and password instead.",
    },
    invalidCode: {
      title: "The sign-in code wasn't accepted",
      message: "The provider's code was invalid or already used. Please start signing in again.",
    },
    noUserInfo: {
      title: "We couldn't read your profile",
      message:
        "The provider didn't share your profile with us. Try again, or sign in with your email and password.",
    },
    noCallbackUrl: {
      title: "The sign-in request was incomplete",
      message: "We didn't know where to send you after signing in. Please start signing in again.",
    },
    linkFailed: {
      title: "We couldn't connect that account",
      message:
        "Linking this provider to your account failed. Try again, or sign in with your email and password.",
    },
    emailMismatch: {
      title: "The email addresses don't match",
      message:
        "The email on the provider's account is different from your account's email. Use a matching account.",
    },
    linkedElsewhere: {
      title: "That account is already in use",
      message:
        "This provider account is already connected to a different user. Sign in with that user instead.",
    },
    emailNotFound: {
      title: "The provider didn't share your email",
      message:
        "We need an email address to sign you in. Allow email access at the provider, or sign up with email.",
    },
    emailNotVerified: {
      title: "Your email isn't verified",
      message:
        "The provider hasn't verified your email address. Verify it there, or sign in with email and password.",
    },
    internal: {
      title: "Something went wrong on our side",
      message: "We couldn't finish signing you in. Please try again in a moment.",
    },
    accountNotLinked: {
      title: "Sign in with your password first",
      message:
        "An account with this email already exists but isn't connected to this provider. Sign in with your email and password.",
    },
    signUpDisabled: {
      title: "New accounts are closed",
      message: "We're not accepting new sign-ups right now. If you already have an account, sign in with it.",
    },
    createUserFailed: {
      title: "We couldn't create your account",
      message: "Something went wrong while creating your account. Please try again in a moment.",
    },
    createSessionFailed: {
      title: "We couldn't start your session",
      message: "Your account is fine, but we couldn't start a session. Please try again in a moment.",
    },
    issuer: {
      title: "We couldn't verify the provider",
      message: "The provider's response couldn't be verified. Please start signing in again.",
    },
    stateGeneration: {
      title: "Something went wrong on our side",
      message: "We couldn't start signing you in. Please try again in a moment.",
    },
    fallback: {
      title: "We couldn't sign you in",
      message: "Something went wrong while signing you in. Please go back and try again.",
    },
  },
  /**
   * An invitation to a workspace (issue #25): the link in the invitation e-mail opens these pages
   * with `?invitation=`. Names are the inviter's and the workspace's as their owners typed them.
   */
  invitation: {
    invited:
      "<inviter>{{inviter}}</inviter> invited you to join <workspace>{{workspace}}</workspace> on Parley",
    /** The inviter's own personal workspace, still under the name it got at sign-up. */
    invitedTheirs: "<inviter>{{inviter}}</inviter> invited you to join their workspace on Parley",
    /** Someone else's personal workspace under the name it got at sign-up. */
    personalName: "{{owner}}'s workspace",
    /** What to do next with the invited address, on each page. */
    next: {
      signIn:
        "Sign in with <email>{{email}}</email> to accept it, or create an account with this address if you don't have one yet.",
      signUp:
        "Create your account with <email>{{email}}</email> to accept it: the invitation is for this address.",
      continue: "Continue to accept it with <email>{{email}}</email>.",
    },
    otherAccount:
      "You're signed in as <email>{{current}}</email>, but this invitation is for <email>{{email}}</email>. Use a different account to accept it.",
    expired: {
      title: "This invitation has expired",
      message: "Ask the person who invited you to send a new one. You can still sign in to your own account.",
    },
    canceled: {
      title: "This invitation was withdrawn",
      message:
        "Ask the person who invited you whether you should still join. You can still sign in to your own account.",
    },
    rejected: {
      title: "This invitation was declined",
      message: "If you want to join after all, ask the person who invited you to send a new one.",
    },
    accepted: {
      title: "This invitation has already been accepted",
      message: "Sign in to find the workspace in your list of workspaces.",
    },
    missing: {
      title: "We couldn't find this invitation",
      message: "Check the link in your e-mail, or ask the person who invited you to send a new one.",
    },
    unavailable: {
      title: "We couldn't load your invitation just now",
      message:
        "You can still sign in or create an account with the address it was sent to: the invitation will be waiting.",
    },
  },
  /** index.html's head and <noscript>, rewritten by the auth service (apps/auth/src/http/ui.ts). */
  document: {
    title: "Sign in · Parley",
    description: "Sign in to Parley, the platform for AI chatbots that know your business.",
    noscript: "Parley sign-in needs JavaScript. Please enable it and reload this page.",
  },
} as const;

export default auth;
