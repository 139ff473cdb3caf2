// First: configures zod before any schema parses (see the file).
import "./app/zod-config";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { createQueryClient } from "./app/query-client";
import { createAppRouter } from "./app/router";
import { AppErrorBoundary } from "./components/errors/AppErrorBoundary";
import "./styles/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
