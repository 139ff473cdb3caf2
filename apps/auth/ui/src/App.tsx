import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { Shell } from "./components/Shell";
import { ErrorPage } from "./pages/ErrorPage";
import { ForgotPasswordPage } from "./pages/ForgotPassword";
import { ResetPasswordPage } from "./pages/ResetPassword";
import { SignInPage } from "./pages/SignIn";
import { SignUpPage } from "./pages/SignUp";
import { InvalidPlatformPage, LoadingCard, NotFoundPage, PlatformUnavailablePage } from "./pages/StatusPages";
import { VerifiedPage } from "./pages/Verified";
import { usePlatform, useWebUrl } from "./platform";
import { pageFromPath, platformFromSearch } from "./urls";

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
    const p = platform.platform;
    // `key` remounts a page when the platform changes, so no state leaks between apps.
    switch (page) {
      case "sign-in":
        content = <SignInPage key={p.id} platform={p} search={search} />;
        break;
      case "sign-up":
        content = <SignUpPage key={p.id} platform={p} search={search} />;
        break;
      case "forgot-password":
        content = <ForgotPasswordPage key={p.id} platform={p} search={search} />;
        break;
      case "reset-password":
        content = <ResetPasswordPage key={p.id} platform={p} search={search} />;
        break;
      case "verified":
        content = <VerifiedPage key={p.id} platform={p} search={search} />;
        break;
    }
  }

  return <Shell webUrl={webUrl}>{content}</Shell>;
}
