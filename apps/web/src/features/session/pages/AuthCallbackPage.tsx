import { useDocumentTitle } from "../../../components/use-document-title";
import { LoadingSplash } from "../components/LoadingSplash";

/**
 * Placeholder for the identity issue: the token exchange and the 2-second post-login gate are
 * wired there. For now it only shows the splash, which is what the user sees during that wait.
 */
export function AuthCallbackPage() {
  useDocumentTitle("Signing in");
  return <LoadingSplash message="Signing you in…" />;
}
