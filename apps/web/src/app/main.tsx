// First: configures zod before any schema parses (see the file).
import "../lib/zod-config";
import { applyLanguage, createI18n, initialBrowserLanguage } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { AppErrorBoundary } from "../components/errors/AppErrorBoundary";
import { createQueryClient } from "../lib/query-client";
import { createAppRouter } from "./router";
import "@parley/ui/styles/i18n.css";
import "../styles/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

// The page's language before the first paint: `?lang=`, then the cookie, then the browser. A
// `?lang=` choice is remembered (the cookie) so the sign-in app and the next visit follow it; the
// signed-in user's saved choice is applied by the session once it is known.
const initial = initialBrowserLanguage();
applyLanguage(initial.language, { remember: initial.source === "query" });
// The words every public page shows load first; a section's own words come with its chunk.
const i18n = await createI18n(initial.language, { preload: ["common", "errors", "site"] });

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <LanguageProvider i18n={i18n}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {/* A section's words may still be on their way (each route also has its own fallback). */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </AppErrorBoundary>
    </LanguageProvider>
  </StrictMode>,
);
