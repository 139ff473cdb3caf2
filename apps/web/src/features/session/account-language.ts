import { LANGUAGES, type Language } from "@parley/ui/i18n/languages";
import { useLanguage } from "@parley/ui/i18n/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { chosenByQuery, languageToApply, localeOfToken, shouldSaveChoice } from "./language-choice";
import { authClient, tokens } from "./runtime";
import type { AuthUser } from "./session-data";

/**
 * The address this page was opened with, read when the signed-in chunk first loads (main.tsx
 * applied its `?lang=` already; the app may clean the address bar later).
 */
const openedSearch = globalThis.location?.search ?? "";

export interface AccountLanguage {
  /** The last choice could not be saved to the account (it still applies on this device). */
  saveFailed: boolean;
  dismissSaveFailed: () => void;
}

/**
 * Issue #21, the signed-in side of the language choice:
 * - once the session knows the user, their saved language (`user.locale` from the session, else the
 *   access token's `locale` claim) replaces the cookie's or the browser's, unless the page was
 *   opened with `?lang=` or the user switched in the meantime;
 * - while signed in, a choice made with the switch is saved to the account (better-auth
 *   `POST /update-user {locale}`); if that fails the page still switches, and `saveFailed` says so.
 */
export function useAccountLanguage(user: AuthUser | null): AccountLanguage {
  const { language, setLanguage, registerSaver } = useLanguage();
  const [saveFailed, setSaveFailed] = useState(false);
  /** The user whose saved choice was applied, and the choice the account holds now. */
  const known = useRef<{ userId: string; saved: Language | null } | null>(null);
  const current = useRef(language);
  current.current = language;
  const switchTo = useRef(setLanguage);
  switchTo.current = setLanguage;

  const userId = user?.id ?? null;
  const sessionLocale = user?.locale ?? null;

  // Apply the saved choice once per signed-in user (a later session refresh does not undo a switch).
  useEffect(() => {
    if (!userId) {
      known.current = null;
      return;
    }
    if (known.current?.userId === userId) return;
    known.current = { userId, saved: sessionLocale };
    const startedIn = current.current;
    void (async () => {
      let saved = sessionLocale;
      if (!saved) saved = localeOfToken(await tokens.getToken().catch(() => null));
      const mine = known.current;
      if (mine?.userId !== userId) return;
      mine.saved = saved;
      // The user picked a language while we were asking: their choice stands.
      if (current.current !== startedIn) return;
      const next = languageToApply({
        current: current.current,
        saved,
        openedWithQuery: chosenByQuery(openedSearch, globalThis.location?.search),
      });
      if (next) await switchTo.current(next).catch(() => undefined);
    })();
  }, [userId, sessionLocale]);

  // While signed in, the switch saves the choice to the account.
  useEffect(() => {
    if (!userId) return;
    registerSaver(async (next) => {
      const mine = known.current;
      if (!LANGUAGES.includes(next) || !shouldSaveChoice(next, mine?.saved)) return;
      try {
        await authClient.updateUser({ locale: next });
        if (mine) mine.saved = next;
        setSaveFailed(false);
        // New tokens carry the new `locale` claim.
        void tokens.refresh().catch(() => undefined);
      } catch (error) {
        console.warn("[parley] the language choice was not saved to the account", error);
        setSaveFailed(true);
      }
    });
    return () => registerSaver(null);
  }, [userId, registerSaver]);

  const dismissSaveFailed = useCallback(() => setSaveFailed(false), []);
  return { saveFailed, dismissSaveFailed };
}
