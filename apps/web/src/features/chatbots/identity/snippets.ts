/**
 * What the Embed tab shows a developer wiring up identity verification: how their server signs a
 * customer's id (Node, PHP, Python), and how the page hands id, signature, e-mail and name to the
 * widget. The signature is the hex HMAC-SHA256 of the id's text, keyed with the identity secret.
 */

export const SECRET_ENV = "PARLEY_IDENTITY_SECRET";

export interface ServerSnippet {
  id: "node" | "php" | "python";
  label: string;
  code: string;
}

export const SERVER_SNIPPETS: readonly ServerSnippet[] = [
  {
    id: "node",
    label: "Node.js", // i18n-ignore: a language's name
    // i18n-ignore: a code sample
    code: `import { createHmac } from "node:crypto";

// When rendering a page for a signed-in customer:
const userHash = createHmac("sha256", process.env.${SECRET_ENV})
  .update(String(user.id))
  .digest("hex");`,
  },
  {
    id: "php",
    label: "PHP", // i18n-ignore: a language's name
    // i18n-ignore: a code sample
    code: `<?php
// When rendering a page for a signed-in customer:
$userHash = hash_hmac('sha256', (string) $user->id, getenv('${SECRET_ENV}'));`,
  },
  {
    id: "python",
    label: "Python", // i18n-ignore: a language's name
    // i18n-ignore: a code sample
    code: `import hashlib, hmac, os

# When rendering a page for a signed-in customer:
user_hash = hmac.new(
    os.environ["${SECRET_ENV}"].encode(),
    str(user.id).encode(),
    hashlib.sha256,
).hexdigest()`,
  },
];

/** The tag for a page rendered for a signed-in customer (your template fills in the values). */
export function signedTag(origin: string, chatbotId: string): string {
  return `<script src="${origin}/embed.js" data-chatbot-id="${chatbotId}"
  data-user-id="CUSTOMER_ID" data-user-hash="USER_HASH"
  data-user-email="CUSTOMER_EMAIL" data-user-name="CUSTOMER_NAME" async></script>`;
}

/** For single-page apps: tell the widget when the customer signs in or out. */
export const SPA_SNIPPET = `window.Parley = window.Parley || { q: [] };

// After sign-in (userHash comes from your server):
Parley.q.push(["identify", { userId: "42", userHash, email: "sara@example.com", name: "Sara" }]);

// After sign-out:
Parley.q.push(["identify", {}]);`;
