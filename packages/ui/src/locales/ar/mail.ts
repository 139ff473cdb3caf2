import type en from "../en/mail";
import type { Translation } from "../types";

const mail: Translation<typeof en> = {};

export default mail;
