import { z } from "zod";

// Zod compiles fast object parsers with `new Function` when it may. The app's CSP forbids eval
// (script-src 'self'), so zod's probe would be a CSP violation on every page: parse without it.
z.config({ jitless: true });
