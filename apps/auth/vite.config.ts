import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The hosted sign-in UI. The auth service serves the built files at `/auth` on the auth host,
 * so every better-auth call from the UI is same-origin (cookies are first-party, no CORS).
 *
 * `vite` (dev) serves the UI on :5174 and proxies the better-auth paths to the auth service, so
 * the browser still sees a single origin.
 */
// The service's AUTH_URL origin: better-auth trusts exactly that origin (localhost, not 127.0.0.1).
const authService = process.env.AUTH_URL ?? "http://localhost:3001";

// Paths the UI calls on the auth host root (better-auth is mounted at basePath "/").
const proxiedPaths = [
  "/sign-in",
  "/sign-up",
  "/sign-out",
  "/get-session",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/callback",
  "/platforms",
  "/dev",
  "/ok",
];

export default defineConfig({
  root: fileURLToPath(new URL("./ui", import.meta.url)),
  base: "/auth/",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("./dist/ui", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [
        path,
        {
          target: authService,
          configure: (proxy) => {
            // Dev only: better-auth checks Origin on cookie-bearing POSTs against its own origin.
            // Through this proxy the browser's origin is the Vite server, so present the service's.
            proxy.on("proxyReq", (req) => {
              if (req.getHeader("origin")) req.setHeader("origin", authService);
            });
          },
        },
      ]),
    ),
  },
});
