/**
 * The API's and the auth service's English messages a person can see (error messages, field
 * messages from the shared zod contracts), in Arabic. Keys are the English text word for word;
 * `{{name}}` in a key matches any text and is carried into the translation. English needs no
 * table: the server's text is already English. See `server-messages.ts`.
 */
const server: Record<string, string> = {};

export default server;
