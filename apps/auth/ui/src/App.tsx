import { type ComponentType, type ReactNode, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { LoadingCard } from "./components/Card";
import { Shell } from "./components/Shell";
import { ErrorPage } from "./pages/ErrorPage";
import { ForgotPasswordPage } from "./pages/ForgotPassword";
import { ResetPasswordPage } from "./pages/ResetPassword";
import { SignInPage } from "./pages/SignIn";
import { SignUpPage } from "./pages/SignUp";
import { InvalidPlatformPage, NotFoundPage, PlatformUnavailablePage } from "./pages/StatusPages";
import { VerifiedPage } from "./pages/Verified";
import { usePlatform, useWebUrl } from "./platform";
import type { Platform } from "./responses";
import { type Page, pageFromPath, platformFromSearch } from "./urls";

/** The pages of a platform (all but the error page), by their path. */
const PLATFORM_PAGES: Record<
  Exclude<Page, "error">,
  ComponentType<{ platform: Platform; search: string }>
> = {
  "sign-in": SignInPage,
  "sign-up": SignUpPage,
  "forgot-password": ForgotPasswordPage,
  "reset-password": ResetPasswordPage,
  verified: VerifiedPage,
};

export function App() {
  const { pathname, search } = useLocation();
  const page = pageFromPath(pathname);
  const platformId = platformFromSearch(search);
  const platform = usePlatform(platformId);
  const webUrl = useWebUrl(platform);
  // A new page starts at the top, as a page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);

  let content: ReactNode;
  if (page === null) {
    content = <NotFoundPage platformId={platformId} />;
  } else if (page === "error") {
    // Error codes are explained whatever the platform; the page only links back to sign-in.
    content = <ErrorPage platformId={platformId} search={search} webUrl={webUrl} />;
  } else if (platform.status === "loading") {
    content = <LoadingCard />;
  } else if (platform.status === "unknown") {
    content = <InvalidPlatformPage platformId={platformId} webUrl={webUrl} />;
  } else if (platform.status === "error") {
    content = <PlatformUnavailablePage failure={platform.failure} onRetry={platform.retry} />;
  } else {
    const PlatformPage = PLATFORM_PAGES[page];
    const p = platform.platform;
    // `key` remounts a page when the platform changes, so no state leaks between apps.
    content = <PlatformPage key={p.id} platform={p} search={search} />;
  }

  return <Shell webUrl={webUrl}>{content}</Shell>;
}
