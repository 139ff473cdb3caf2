import { createAccessControl } from "better-auth/plugins/access";

/**
 * The auth service's permission set, exactly as the spec lists it (§6). better-auth's default set
 * also has `impersonate-admins`, `set-email` and `set-phone`; they are left out on purpose, so no
 * role can impersonate an admin or rewrite someone's e-mail address from the admin API.
 */
export const statements = {
  user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
  session: ["list", "revoke", "delete"],
} as const;

export const ac = createAccessControl(statements);

/**
 * `admin` holds every action; an ordinary `user` holds none. `support` is platform staff who may
 * read the operator's console (the API checks it) and holds no user-management action here.
 */
export const roles = {
  admin: ac.newRole({
    user: [...statements.user],
    session: [...statements.session],
  }),
  user: ac.newRole({ user: [], session: [] }),
  support: ac.newRole({ user: [], session: [] }),
};

/** The platform roles a token may carry; anything else reads as an ordinary user. */
export const PLATFORM_ROLES = ["user", "support", "admin"] as const;
