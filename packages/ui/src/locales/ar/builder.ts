import type en from "../en/builder";
import type { Translation } from "../types";

const builder: Translation<typeof en> = {};

export default builder;
