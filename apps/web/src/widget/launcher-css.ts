/**
 * The launcher's styles that embed.js does not carry itself (it must stay under 2 KB): the open
 * state, the panel, the unread badge and the greeting bubble. The chat page sends them to embed.js
 * when it says hello; they go into the launcher's shadow root, after embed.js's own rules (which
 * place `.b` the launcher, `.p` the frame and `.g` the greeting on the bot's side).
 */
export const LAUNCHER_CSS =
  // Open: a round "×".
  ".b[aria-expanded=true]{width:56px;padding:0;justify-content:center;font:300 34px/1 system-ui,sans-serif}" +
  ".b[aria-expanded=true] .i{display:none}" +
  // Replies that arrived while the chat was closed: a red count on the launcher.
  ".b[data-n]:after{content:attr(data-n);position:absolute;top:-6px;inset-inline-end:-6px;min-width:22px;height:22px;" +
  "padding:0 6px;box-sizing:border-box;border:2px solid #fff;border-radius:11px;background:#e11d48;color:#fff;" +
  "font:700 12px/18px system-ui,sans-serif;text-align:center}" +
  // The chat panel.
  ".p{bottom:88px;width:400px;height:640px;max-height:calc(100dvh - 108px);border-radius:16px;" +
  "background:#fff;box-shadow:0 12px 48px #0004;opacity:0}" +
  ".o{visibility:visible;opacity:1;transition:opacity .2s}" +
  // The greeting bubble: the message (opens the chat) and its dismiss button.
  ".g{bottom:88px;display:flex;align-items:flex-start;max-width:min(300px,calc(100vw - 40px));" +
  "border-radius:16px;background:#fff;box-shadow:0 8px 32px #0003;animation:pw-in .25s ease-out}" +
  ".g button{color:#111827;text-align:start;padding:14px 4px;padding-inline-start:16px}" +
  ".g .x{flex:none;padding:8px 12px;color:#4b5563;font-size:22px;line-height:1}" +
  ".g button:hover{color:#000}" +
  "@keyframes pw-in{from{opacity:0;transform:translateY(8px)}}" +
  "@media(prefers-reduced-motion:reduce){.g,.o{animation:none;transition:none}}" +
  // Phones: the chat takes the whole visual viewport (embed.js keeps --vh/--vt current).
  "@media(max-width:480px){.p{inset:0;top:var(--vt,0);width:100%;height:var(--vh,100%);max-height:none;" +
  "border-radius:0}.o~.b{display:none}}";
