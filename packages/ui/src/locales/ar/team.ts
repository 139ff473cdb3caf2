import type en from "../en/team";
import type { Translation } from "../types";

const team: Translation<typeof en> = {};

export default team;
