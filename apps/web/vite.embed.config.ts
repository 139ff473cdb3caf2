import { resolve } from "node:path";
import { defineConfig } from "vite";

// embed.js: the loader customers paste, built on its own (after the app build, into the same
// dist/) as one classic IIFE script with no chunks, no framework and no CSS file — ≤ 2 KB gzipped.
export default defineConfig({
  publicDir: false,
  build: {
    target: "es2020",
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    lib: {
      entry: resolve(import.meta.dirname, "embed/embed.ts"),
      formats: ["iife"],
      name: "ParleyEmbed",
      fileName: () => "embed.js",
    },
  },
});
