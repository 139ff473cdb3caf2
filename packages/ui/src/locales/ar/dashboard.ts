import type en from "../en/dashboard";
import type { Translation } from "../types";

const dashboard: Translation<typeof en> = {};

export default dashboard;
