import { z } from "zod";
import { safeText } from "../common/text";

/** Public contact form (`POST /api/contact`) and the signed-in support form (`POST /api/support`). */
export const contactRequestSchema = z.object({
  name: safeText().trim().min(1, "Please enter your name").max(120, "Name is too long"),
  email: z.email("Please enter a valid email address").max(254),
  company: safeText().trim().max(160, "Company name is too long").optional(),
  topic: z.enum(["sales", "support", "billing", "partnership", "other"]).default("other"),
  message: safeText()
    .trim()
    .min(10, "Please write at least 10 characters")
    .max(5000, "Please keep your message under 5,000 characters"),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type ContactRequestInput = z.input<typeof contactRequestSchema>;

export const contactReceiptSchema = z.object({
  _id: z.string(),
  receivedAt: z.string(),
  message: z.string(),
});
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** The public contact form stores what it gets: one address may send this many an hour. */
export const CONTACT_LIMITS = { perIpPerHour: 10, supportPerUserPerHour: 10 } as const;
