import type en from "../en/site";
import type { Translation } from "../types";

const site: Translation<typeof en> = {};

export default site;
