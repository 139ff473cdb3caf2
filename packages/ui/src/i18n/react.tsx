import type { i18n } from "i18next";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { type DateStyle, formatDate, formatNumber } from "./format";
import { loadLanguage, serverTableOf } from "./index";
import {
  applyLanguage,
  directionOf,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  stripLanguageParam,
} from "./languages";
import { type KeyedMessage, serverMessageFor } from "./server-messages";

export { Trans, useTranslation } from "react-i18next";

interface LanguageContextValue {
  language: Language;
  dir: "ltr" | "rtl";
  /** Loads the catalog if needed, switches every text on the page, remembers the choice. */
  setLanguage: (language: Language) => Promise<void>;
  /** Lets the signed-in part of an app save the choice to the account (returns an unregister). */
  registerSaver: (saver: ((language: Language) => Promise<void>) | null) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider({ i18n: instance, children }: { i18n: i18n; children: ReactNode }) {
  const [language, setCurrent] = useState<Language>(() =>
    isLanguage(instance.language) ? instance.language : "en",
  );
  const [saver, setSaver] = useState<{ save: (language: Language) => Promise<void> } | null>(null);

  const setLanguage = useCallback(
    async (next: Language) => {
      await loadLanguage(instance, next);
      await instance.changeLanguage(next);
      applyLanguage(next, { remember: true });
      stripLanguageParam();
      setCurrent(next);
      await saver?.save(next);
    },
    [instance, saver],
  );

  const registerSaver = useCallback((save: ((language: Language) => Promise<void>) | null) => {
    setSaver(save ? { save } : null);
  }, []);

  const value = useMemo(
    () => ({ language, dir: directionOf(language), setLanguage, registerSaver }),
    [language, setLanguage, registerSaver],
  );
  return (
    <I18nextProvider i18n={instance}>
      <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
    </I18nextProvider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage() needs a <LanguageProvider> above it");
  return value;
}

/** Dates and numbers in the page's language (prices keep the en-US format: use `formatMoney`). */
export function useFormat() {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      date: (value: Date | string | number, style?: DateStyle, extra?: Intl.DateTimeFormatOptions) =>
        formatDate(language, value, style, extra),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(language, value, options),
    }),
    [language],
  );
}

/** An API or auth error as the reader should see it: translated, never English inside Arabic. */
export function useErrorText() {
  const { language } = useLanguage();
  const { t } = useTranslation("errors");
  return useCallback(
    (error: ({ code?: string; message?: string } & KeyedMessage) | null | undefined): string => {
      const code = error?.code;
      const codeMessage = code && code in CODE_KEYS ? t(`codes.${code as CodeKey}`) : t("codes.INTERNAL");
      return serverMessageFor(
        language,
        error?.message,
        serverTableOf(language),
        codeMessage,
        error ?? undefined,
      );
    },
    [language, t],
  );
}

/**
 * Translates one server message: a field of an error's `details` (by its `messageKey`), or an English
 * text (a status text, a form message) whose code is found from the English catalog.
 */
export function useServerText() {
  const { language } = useLanguage();
  const { t } = useTranslation("errors");
  return useCallback(
    (message: string | ({ message: string } & KeyedMessage), fallbackCode: CodeKey = "VALIDATION_FAILED") =>
      typeof message === "string"
        ? serverMessageFor(language, message, serverTableOf(language), t(`codes.${fallbackCode}`))
        : serverMessageFor(
            language,
            message.message,
            serverTableOf(language),
            t(`codes.${fallbackCode}`),
            message,
          ),
    [language, t],
  );
}

const CODE_KEYS = {
  BAD_REQUEST: 1,
  VALIDATION_FAILED: 1,
  UNAUTHORIZED: 1,
  FORBIDDEN: 1,
  NOT_FOUND: 1,
  CONFLICT: 1,
  RATE_LIMITED: 1,
  PAYLOAD_TOO_LARGE: 1,
  UNSUPPORTED_MEDIA_TYPE: 1,
  SERVICE_UNAVAILABLE: 1,
  INTERNAL: 1,
  PLAN_LIMIT_REACHED: 1,
  PAYMENT_AMOUNT_MISMATCH: 1,
  SIGNATURE_INVALID: 1,
  PAYMENT_NOT_PAYABLE: 1,
  GATEWAY_ERROR: 1,
  MODEL_NOT_CONFIGURED: 1,
  NOT_A_MEMBER: 1,
  NETWORK_ERROR: 1,
  INVALID_RESPONSE: 1,
  REPLY_WINDOW_CLOSED: 1,
  CHANNEL_REFUSED: 1,
  CHANNEL_UNAVAILABLE: 1,
  STEP_UP_REQUIRED: 1,
} as const;
type CodeKey = keyof typeof CODE_KEYS;

/**
 * Text that must read left to right inside Arabic: e-mail addresses, URLs, code, ids, numbers
 * with units. `<bdi dir="ltr">` isolates it so punctuation around it stays in place.
 */
export function Ltr({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/**
 * `components` for a catalog text with a `<code>` part (an id, a path, a header name): the code
 * reads left to right inside Arabic. `<Trans … components={LTR_CODE} />`.
 */
export const LTR_CODE = { code: <code dir="ltr" /> };

/**
 * The language switch shown on every page: a link-styled button naming the other language in its
 * own script ("العربية" on an English page, "English" on an Arabic one).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  const { t } = useTranslation("common");
  const [busy, setBusy] = useState(false);
  const other = LANGUAGES.find((l) => l !== language) ?? "en";
  return (
    <button
      type="button"
      className={className ?? "language-switch"}
      lang={other}
      dir={directionOf(other)}
      aria-label={t("language.switchTo", { language: LANGUAGE_NAMES[other] })}
      data-testid="language-switch"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await setLanguage(other);
        } finally {
          setBusy(false);
        }
      }}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
