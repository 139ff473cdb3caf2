import { Field, type FieldProps, fieldAria, PasswordField, TextField } from "@parley/ui/components/Field";
import { Logo } from "@parley/ui/components/Logo";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

/** The shared fields (@parley/ui/components/Field) as both apps use them. */
async function render(node: ReactNode, language: Language = "en"): Promise<string> {
  const i18n = await createI18n(language);
  return renderToStaticMarkup(h(LanguageProvider, { i18n } as Parameters<typeof LanguageProvider>[0], node));
}

const noop = () => {};

describe("TextField (sign-in app)", () => {
  it("labels the input and points aria-describedby at the error and the hint", async () => {
    const html = await render(
      h(TextField, {
        id: "email",
        label: "Email",
        value: "",
        onValueChange: noop,
        error: "Enter your email.",
        hint: "Hint",
      }),
    );
    expect(html).toContain('<div class="field field-invalid">');
    expect(html).toContain('<label for="email" class="field-label">Email</label>');
    expect(html).toMatch(
      /<input id="email" aria-invalid="true" aria-describedby="email-error email-hint" class="input"/,
    );
    expect(html).toMatch(
      /<p id="email-error" class="field-error"><svg class="field-error-icon"[\s\S]*Enter your email\.<\/p>/,
    );
    expect(html).toContain('<p id="email-hint" class="field-hint">Hint</p>');
  });

  it("puts the label aside in a label row, and no aria when valid", async () => {
    const html = await render(
      h(TextField, {
        id: "pw",
        label: "Password",
        value: "",
        onValueChange: noop,
        labelAside: h("a", { href: "/f" }, "Forgot?"),
      }),
    );
    expect(html).toContain(
      '<div class="field-label-row"><label for="pw" class="field-label">Password</label><a href="/f">Forgot?</a></div>',
    );
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });
});

describe("PasswordField", () => {
  it("has a reveal toggle named in the reader's language", async () => {
    const props = { id: "pw", label: "Password", value: "", onValueChange: noop };
    const en = await render(h(PasswordField, props));
    expect(en).toContain('type="password"');
    expect(en).toContain('class="input input-with-toggle"');
    expect(en).toContain('aria-controls="pw" aria-pressed="false" aria-label="Show password"');
    const ar = await render(h(PasswordField, props), "ar");
    expect(ar).toContain('aria-label="إظهار كلمة المرور"');
  });
});

describe("Field (web app)", () => {
  it("hides the hint while an error shows, as fieldAria says", async () => {
    const html = await render(
      h(
        Field,
        { id: "n", label: "Name", error: "Too long", hint: "Up to 40" } as FieldProps,
        h("input", { id: "n" }),
      ),
    );
    expect(html).not.toContain("Up to 40");
    expect(fieldAria("n", "Too long", true)).toEqual({ "aria-invalid": true, "aria-describedby": "n-error" });
    expect(fieldAria("n", undefined, true)).toEqual({
      "aria-invalid": undefined,
      "aria-describedby": "n-hint",
    });
    expect(fieldAria("n", undefined)).toEqual({ "aria-invalid": undefined, "aria-describedby": undefined });
  });

  it("marks optional and required fields with catalog words", async () => {
    const optional = await render(
      h(Field, { id: "a", label: "Company", optional: true } as FieldProps),
      "ar",
    );
    expect(optional).toContain('<span class="field-optional">اختياري</span>');
    const required = await render(h(Field, { id: "b", label: "Name", required: true } as FieldProps));
    expect(required).toContain('<span class="field-required" title="Required" aria-hidden="true">*</span>');
  });
});

describe("Logo", () => {
  it("shows the mark and the brand name", async () => {
    const html = await render(h(Logo, { size: 32 }));
    expect(html).toMatch(
      /^<span class="logo"><svg width="32" height="32"[\s\S]*<span class="logo-word">Parley<\/span><\/span>$/,
    );
  });
});
