import type { Resources } from "../en/index";
import type { Translation } from "../types";
import account from "./account";
import admin from "./admin";
import app from "./app";
import auth from "./auth";
import billing from "./billing";
import botLanguages from "./botLanguages";
import builder from "./builder";
import common from "./common";
import dashboard from "./dashboard";
import developers from "./developers";
import errors from "./errors";
import inbox from "./inbox";
import mail from "./mail";
import pages from "./pages";
import site from "./site";
import team from "./team";
import webhooks from "./webhooks";

const ar: { [N in keyof Resources]: Translation<Resources[N]> } = {
  common,
  errors,
  site,
  pages,
  app,
  dashboard,
  account,
  team,
  webhooks,
  billing,
  builder,
  botLanguages,
  inbox,
  auth,
  mail,
  developers,
  admin,
};

export default ar;
