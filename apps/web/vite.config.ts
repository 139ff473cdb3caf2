import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";

// Libraries every page needs. They get one long-cached vendor chunk; everything else (zod,
// react-hook-form, the contracts) is pulled in only by the lazy routes that use it, so the
// first paint of `/` stays small.
const initialVendor =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, "");
  const apiTarget = env.VITE_API_PROXY || "http://localhost:3000";
  return {
    plugins: [react()],
    server: {
      port: 5173,
      proxy: { "/api": { target: apiTarget, changeOrigin: true } },
    },
    preview: {
      proxy: { "/api": { target: apiTarget, changeOrigin: true } },
    },
    build: {
      target: "es2022",
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: "vendor", test: initialVendor, priority: 10 }],
          },
        },
      },
    },
  };
});
