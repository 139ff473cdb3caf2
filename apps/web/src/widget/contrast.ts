/** Text colours the widget picks between when it draws on the bot's primary colour. */
export const LIGHT_TEXT = "#ffffff";
export const DARK_TEXT = "#111827";

/** `#rgb` or `#rrggbb` to [r, g, b] (0–255); null for anything else. */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join("") : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance (0 black – 1 white). */
export function luminance(hex: string): number {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  const [r = 0, g = 0, b = 0] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for a background: white when it reaches 4.5:1 (AA for body text, and what
 * brands usually expect on their colour), otherwise whichever of white or dark contrasts more.
 */
export function readableTextOn(background: string): string {
  const white = contrastRatio(background, LIGHT_TEXT);
  if (white >= 4.5) return LIGHT_TEXT;
  return contrastRatio(background, DARK_TEXT) > white ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * The primary colour when it can be read as text on `surface` (links, accents), else the dark
 * text colour: a pale brand yellow must not become pale yellow links on white.
 */
export function accentOn(primary: string, surface: string): string {
  return contrastRatio(primary, surface) >= 4.5 ? primary : DARK_TEXT;
}
