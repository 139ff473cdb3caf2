import type en from "../en/app";
import type { Translation } from "../types";

const app: Translation<typeof en> = {};

export default app;
