import { workspaceSlugSchema } from "@parley/contracts";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
// The English catalog, registered as the Arabic table's loader registers it in the app.
import "@parley/ui/i18n/server-keys";
import { lookupServerMessage } from "@parley/ui/i18n/server-match";
import arabic from "@parley/ui/locales/ar/server";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WorkspaceNameForm, type WorkspaceNameFormProps } from "./components/WorkspaceNameForm";
import { newWorkspaceSlug, workspaceNameProblem } from "./workspace-name";

const base: WorkspaceNameFormProps = {
  mode: "rename",
  value: "Acme <b>Support</b>",
  onChange: () => {},
  onSubmit: () => {},
  pending: false,
  error: null,
};

async function render(language: Language, props: Partial<WorkspaceNameFormProps> = {}): Promise<string> {
  const i18n = await createI18n(language);
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(WorkspaceNameForm, { ...base, ...props }),
    }),
  );
}

const input = (html: string) => /<input[^>]*>/.exec(html)?.[0] ?? "";
const button = (html: string) => /<button[^>]*>[\s\S]*?<\/button>/.exec(html)?.[0] ?? "";

describe("workspace names typed on the Team page", () => {
  it("accepts ordinary names, Arabic ones and exactly 80 characters", () => {
    for (const name of ["Acme Support", "فريق الدعم \u200fParley\u200e", "n".repeat(80)])
      expect(workspaceNameProblem(name), name).toBeNull();
  });

  it("refuses what the auth service refuses, in its words (which have Arabic)", () => {
    const cases: Array<[string, string]> = [
      ["x".repeat(100_000), "A workspace name can be at most 80 characters long."],
      ["x".repeat(81), "A workspace name can be at most 80 characters long."],
      ["   ", "Give the workspace a name."],
      [
        "Acme\nSupport",
        "A workspace name is one line of text: remove line breaks, tabs and other control characters.",
      ],
      [
        "Acme\u0000",
        "A workspace name is one line of text: remove line breaks, tabs and other control characters.",
      ],
      [
        "Billing \u202Eten.yaptsaf",
        "Remove the invisible text-direction override characters (U+202A to U+202E)",
      ],
    ];
    for (const [name, message] of cases) {
      expect(workspaceNameProblem(name), JSON.stringify(name.slice(0, 20))).toBe(message);
      const translated = lookupServerMessage(arabic, message);
      expect(translated, message).toMatch(/[\u0600-\u06FF]/);
      if (message.includes("80")) expect(translated).toContain("80");
    }
  });

  it("makes slugs the auth service accepts, never twice the same", () => {
    const slugs = Array.from({ length: 200 }, () => newWorkspaceSlug());
    for (const slug of slugs) expect(workspaceSlugSchema.safeParse(slug).success, slug).toBe(true);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});

describe("the workspace name form", () => {
  it("renames: the current name as text (never markup), a Save button", async () => {
    const html = await render("en");
    expect(html).toContain(">Workspace name</label>");
    expect(input(html)).toContain('value="Acme &lt;b&gt;Support&lt;/b&gt;"');
    expect(input(html)).toContain('dir="auto"');
    expect(button(html)).toContain("Save name");
    expect(button(html)).not.toContain("disabled");
  });

  it("has nothing to save while the field holds the current name, or while saving", async () => {
    expect(button(await render("en", { unchanged: true }))).toContain("disabled");
    expect(button(await render("en", { pending: true }))).toMatch(/disabled[\s\S]*spinner/);
  });

  it("shows the error under the field, which it describes", async () => {
    const html = await render("en", { error: "A workspace name can be at most 80 characters long." });
    const field = input(html);
    expect(field).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(field)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(
      `<p id="${describedBy}" class="field-error" role="alert">A workspace name can be at most 80 characters long.</p>`,
    );
    // No error, no description and no alert.
    const clean = await render("en");
    expect(input(clean)).not.toContain("aria-invalid");
    expect(clean).not.toContain('role="alert"');
  });

  it("creates: an empty field with an example, and the create button", async () => {
    const html = await render("en", { mode: "create", value: "" });
    expect(html).toContain(">Name of the new workspace</label>");
    expect(input(html)).toContain('placeholder="For example: Acme Support"');
    expect(button(html)).toContain("Create and switch to it");
  });

  it("reads in Arabic", async () => {
    const rename = await render("ar", { notice: "ok" });
    expect(rename).toContain("اسم مساحة العمل");
    expect(button(rename)).toContain("حفظ الاسم");
    const create = await render("ar", { mode: "create", value: "" });
    expect(create).toContain("اسم مساحة العمل الجديدة");
    expect(button(create)).toContain("إنشاء والانتقال إليها");
    expect(rename + create).not.toMatch(/Workspace name|Save name|Create and switch/);
  });
});
