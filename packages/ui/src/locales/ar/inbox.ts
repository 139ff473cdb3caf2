import type en from "../en/inbox";
import type { Translation } from "../types";

const inbox: Translation<typeof en> = {};

export default inbox;
