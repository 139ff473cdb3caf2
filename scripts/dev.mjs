// `pnpm dev`: API and auth restart on change (tsx watch), the web app hot-reloads (Vite on :5173,
// proxying /api to the API). Same embedded defaults as `pnpm start`.
import path from "node:path";
import { bin, checkNode, root, service } from "./lib.mjs";

checkNode();
const webUrl = "http://localhost:5173";
const shared = {
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(root, ".data")),
  PUBLIC_URL: webUrl,
  WEB_URL: webUrl,
  AUTH_URL: "http://localhost:3001",
  API_URL: "http://127.0.0.1:3000",
  HOST: "localhost",
};
const children = [
  service("auth", bin("tsx"), ["watch", "apps/auth/src/server.ts"], { ...shared, PORT: "3001" }),
  service("api", bin("tsx"), ["watch", "apps/api/src/server.ts"], { ...shared, PORT: "3000" }),
  service("web", "pnpm", ["--filter", "@parley/web", "dev"], { VITE_AUTH_URL: shared.AUTH_URL }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
console.log(`\n  Parley dev: web ${webUrl} (hot reload) · API :3000 · auth http://localhost:3001/auth\n`);
