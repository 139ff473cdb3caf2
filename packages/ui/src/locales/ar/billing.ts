import type en from "../en/billing";
import type { Translation } from "../types";

const billing: Translation<typeof en> = {};

export default billing;
