import { z } from "zod";

/** The API's own record of a signed-in user, keyed by the auth service's user id. */
export const platformUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type PlatformUser = z.infer<typeof platformUserSchema>;

export const userByEmailQuerySchema = z.object({ email: z.email() });
