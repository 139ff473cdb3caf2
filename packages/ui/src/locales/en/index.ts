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

/** Every namespace of the English catalog (the source language). */
const en = {
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
} as const;

export type Resources = typeof en;
export default en;
