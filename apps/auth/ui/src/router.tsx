/**
 * The sign-in app's router (react-router, as in the web app). Every path under /auth is one route:
 * `pageFromPath` (urls.ts, unit-tested) picks the page, so the accepted URLs stay exactly as they were.
 */
import { createBrowserRouter } from "react-router-dom";
import { App } from "./App";

export const router = createBrowserRouter([{ path: "*", element: <App /> }]);
