import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";

// Libraries every page needs. They get one long-cached vendor chunk; everything else (zod,
// react-hook-form, the contracts) is pulled in only by the lazy routes that use it, so the
// first paint of `/` stays small.
const initialVendor =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;

// The public chat page (widget.html, src/widget/) is a second entry with its own tiny bundle: it
// imports nothing the dashboard uses, so it shares no chunk with it (see scripts/widget-size.mjs),
// except the one SSE reader both stream with (src/lib/sse.ts + eventsource-parser, ~0.8 KB gz),
// kept in a chunk of its own named "sse" so that nothing else can ride along.
// Vite's dynamic-import helper (the chat page loads its Arabic catalog on demand, the dashboard its
// routes) rides in that chunk too: on its own it would be one more request for every chat page.
const sseReader =
  /(node_modules[\\/]eventsource-parser[\\/]|src[\\/]lib[\\/]sse\.ts$|vite[\\/]preload-helper)/;
// In dev, /widget/chat/<id> serves it as the API does in production.
const widgetDevRoute: Plugin = {
  name: "parley-widget-dev-route",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/widget\/chat\/[^/?#]+/.test(req.url)) req.url = "/widget.html";
      next();
    });
  },
};

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, "");
  const apiTarget = env.VITE_API_PROXY || "http://localhost:3000";
  return {
    plugins: [react(), widgetDevRoute],
    resolve: {
      alias: {
        "use-sync-external-store/shim": resolve(import.meta.dirname, "src/lib/sync-external-store.ts"),
      },
    },
    server: {
      port: 5173,
      proxy: {
        "/api": { target: apiTarget, changeOrigin: true },
        // The API's WhatsApp Graph API stand-in, for the simulator page (/dev/whatsapp).
        "/dev/whatsapp-graph": { target: apiTarget, changeOrigin: true },
      },
    },
    preview: {
      proxy: { "/api": { target: apiTarget, changeOrigin: true } },
    },
    build: {
      target: "es2022",
      sourcemap: true,
      manifest: true,
      // Two HTML entries would otherwise share Vite's modulepreload polyfill as a chunk of its own
      // (an extra request for each page). Every current browser supports modulepreload natively.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: {
          main: resolve(import.meta.dirname, "index.html"),
          widget: resolve(import.meta.dirname, "widget.html"),
        },
        output: {
          codeSplitting: {
            groups: [
              { name: "vendor", test: initialVendor, priority: 10 },
              { name: "sse", test: sseReader, priority: 20 },
            ],
          },
        },
      },
    },
  };
});
