import type en from "../en/account";
import type { Translation } from "../types";

const account: Translation<typeof en> = {};

export default account;
