import type en from "../en/auth";
import type { Translation } from "../types";

const auth: Translation<typeof en> = {};

export default auth;
