import { applyLanguage, createI18n, initialBrowserLanguage } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { router } from "./router";
import "@parley/ui/styles/tokens.css";
import "@parley/ui/styles/i18n.css";
import "@parley/ui/styles/forms.css";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// Same rules as the web app: `?lang=`, then the shared `parley_lang` cookie, then the browser.
const initial = initialBrowserLanguage();
applyLanguage(initial.language, { remember: initial.source === "query" });
const i18n = await createI18n(initial.language, { preload: ["common", "errors", "auth"] });

createRoot(root).render(
  <StrictMode>
    <LanguageProvider i18n={i18n}>
      <RouterProvider router={router} />
    </LanguageProvider>
  </StrictMode>,
);
