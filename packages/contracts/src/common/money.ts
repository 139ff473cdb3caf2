/** Decimal places per currency for minor-unit conversion (ISO 4217); default 2. */
const exponents: Record<string, number> = { BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, JPY: 0, KRW: 0 };

export function currencyExponent(currency: string): number {
  return exponents[currency.toUpperCase()] ?? 2;
}

export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

export function majorToMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

/** Money in en-US currency format, e.g. "BHD 9.500" or "$12.00" (the spec's display rule). */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
}
