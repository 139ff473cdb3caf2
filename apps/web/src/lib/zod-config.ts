// Zod compiles fast object parsers with `new Function` when it may. The app's CSP forbids eval
// (script-src 'self'), so zod's probe would be a CSP violation on every page: parse without it.
// Set on zod's global configuration object (what `z.config()` writes), created here if zod has not
// loaded yet, so that the first paint does not carry zod: the pages that parse load it later.
// `zod-config.test.ts` fails if zod stops reading it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
