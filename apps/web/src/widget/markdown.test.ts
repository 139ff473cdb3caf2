import { describe, expect, it } from "vitest";
import { escapeHtml, renderInline, renderMarkdown, safeHref } from "./markdown";

const ALLOWED_TAGS = new Set(["p", "br", "strong", "em", "code", "pre", "ul", "ol", "li", "a", "button"]);

/**
 * The renderer's promise, checked on its output: every tag is one it may write, and the only
 * attributes are an `<a>`'s http(s)/mailto href with target/rel, or an `<ol>`'s numeric start.
 */
function assertSafe(html: string) {
  for (const [, closing, name = "", attrs = ""] of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(name), `tag <${name}> in ${html}`).toBe(true);
    if (closing || !attrs.trim()) continue;
    if (name === "a") {
      expect(attrs).toMatch(
        /^ href="(https?:\/\/|mailto:)[^"<>\s]*"( dir="ltr")? target="_blank" rel="noopener noreferrer"$/i,
      );
    } else if (name === "button") {
      expect(attrs).toMatch(/^ type="button" class="pw-cite" data-cite="\d+"$/);
    } else if (name === "ol") {
      expect(attrs).toMatch(/^ start="\d+"$/);
    } else {
      expect.fail(`unexpected attributes on <${name}>: ${attrs}`);
    }
  }
  // Nothing that looks like markup survives outside the tags above.
  expect(html.replace(/<\/?(p|br|strong|em|code|pre|ul|ol|li|a|button)(\s[^>]*)?>/g, "")).not.toMatch(/[<>]/);
}

describe("renderMarkdown — formatting", () => {
  it("renders paragraphs, line breaks, bold, italic and code", () => {
    expect(renderMarkdown("Hello **world** and *you*\nnext line\n\nSecond `a<b` para")).toBe(
      "<p>Hello <strong>world</strong> and <em>you</em><br>next line</p><p>Second <code>a&lt;b</code> para</p>",
    );
    expect(renderMarkdown("__bold__ and _it_ but snake_case_name stays")).toBe(
      "<p><strong>bold</strong> and <em>it</em> but snake_case_name stays</p>",
    );
  });

  it("renders bullet and numbered lists, with continuation lines", () => {
    expect(renderMarkdown("Steps:\n- one\n- **two**\n  more\n\n3. c\n4. d")).toBe(
      '<p>Steps:</p><ul><li>one</li><li><strong>two</strong><br>more</li></ul><ol start="3"><li>c</li><li>d</li></ol>',
    );
    expect(renderMarkdown("1) a\n2) b")).toBe("<ol><li>a</li><li>b</li></ol>");
  });

  it("renders links with safe attributes and bare URLs without trailing punctuation", () => {
    expect(renderMarkdown("See [the *docs*](https://example.com/a?b=1&c=2).")).toBe(
      '<p>See <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">the <em>docs</em></a>.</p>',
    );
    expect(renderMarkdown("Visit https://example.com/help, or mail [us](mailto:hi@example.com)")).toBe(
      '<p>Visit <a href="https://example.com/help" dir="ltr" target="_blank" rel="noopener noreferrer">https://example.com/help</a>, or mail <a href="mailto:hi@example.com" target="_blank" rel="noopener noreferrer">us</a></p>',
    );
    expect(renderMarkdown("[Wiki](https://en.wikipedia.org/wiki/Foo_(bar))")).toContain(
      'href="https://en.wikipedia.org/wiki/Foo_(bar)"',
    );
  });

  it("keeps code spans and fences literal", () => {
    expect(renderInline("`**not bold** [x](https://a.b)`")).toBe(
      "<code>**not bold** [x](https://a.b)</code>",
    );
    expect(renderMarkdown("```\n<b>hi</b>\n**x**\n```")).toBe(
      "<pre><code>&lt;b&gt;hi&lt;/b&gt;\n**x**</code></pre>",
    );
  });

  it("shows headings as bold lines and leaves arithmetic alone", () => {
    expect(renderMarkdown("## Opening hours\n2 * 3 * 4 = 24")).toBe(
      "<p><strong>Opening hours</strong></p><p>2 * 3 * 4 = 24</p>",
    );
  });

  it("keeps badly nested emphasis well formed", () => {
    const html = renderMarkdown("**a *b** c*");
    assertSafe(html);
    expect(html).toBe("<p><strong>a *b</strong> c*</p>");
  });
});

describe("renderMarkdown — XSS", () => {
  const payloads = [
    "<img src=x onerror=alert(1)>",
    '<svg/onload=alert("x")>',
    "<script>alert(1)</script>",
    "<iframe src=javascript:alert(1)></iframe>",
    '"><img src=x onerror=alert(1)>',
    "**<img src=x onerror=alert(1)>**",
    "`<script>`",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](  javascript:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](java&#x09;script:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "[click](//evil.example/x)",
    '[x](https://a.example/"onmouseover="alert(1))',
    "[x](https://a.example/'onmouseover='alert(1))",
    '[x](https://a.example/ "title" onmouseover=alert(1))',
    "[x](https://a.example/<script>)",
    "[<img src=x onerror=alert(1)>](https://a.example)",
    "[a [b [c] d] e](javascript:alert(1))",
    "[[x](javascript:alert(1))](https://a.example)",
    "[a](https://a.example)(javascript:alert(1))",
    "[![img](x)](javascript:alert(1))",
    'https://a.example/"><script>alert(1)</script>',
    "https://a.example/?q=<img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    '<a href="javascript:alert(1)">x</a>',
    "- <img src=x onerror=alert(1)>\n- [x](javascript:alert(1))",
    "1. <b onclick=alert(1)>x</b>",
    "# <h1 onclick=alert(1)>",
    "```\n</code></pre><script>alert(1)</script>\n```",
    "\u0000<script>\u0001",
    "\u00000\u0001",
  ];

  it.each(payloads)("neutralises %j", (payload) => {
    const html = renderMarkdown(payload);
    assertSafe(html);
    expect(html).not.toMatch(/<(img|svg|script|iframe|b|h1)\b/i);
    expect(html).not.toMatch(/href="(?!https?:\/\/|mailto:)/i);
    expect(html).not.toMatch(/href="[^"]*(javascript|vbscript|data):/i);
  });

  it("renders the text of a refused link as text", () => {
    expect(renderMarkdown("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>");
  });

  it("links only the outer link of nested brackets when its target is safe", () => {
    const html = renderMarkdown("[a [b] c](https://a.example)");
    assertSafe(html);
    expect(html).toBe(
      '<p><a href="https://a.example" target="_blank" rel="noopener noreferrer">a [b] c</a></p>',
    );
  });

  it("never lets a quote out of an href", () => {
    const html = renderMarkdown('[x](https://a.example/"onmouseover="alert(1))');
    expect(html).not.toMatch(/"\s*onmouseover/);
    assertSafe(html);
  });
});

describe("safeHref", () => {
  it("allows http, https and mailto only", () => {
    expect(safeHref("https://a.example/x?y=1&amp;z=2")).toBe("https://a.example/x?y=1&amp;z=2");
    expect(safeHref("http://a.example")).toBe("http://a.example");
    expect(safeHref("mailto:a@b.example")).toBe("mailto:a@b.example");
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://a.example",
      "/relative",
      "https://",
      "java\nscript:x",
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("mixed-direction text in replies", () => {
  it("drops direction overrides so a reply cannot show one address and link another", () => {
    // "moc.knab" after U+202E displays as "bank.com"; without the override it reads as written.
    const html = renderMarkdown(
      "Pay at https://evil.example/\u202emoc.knab and [\u202eknab](https://evil.example)",
    );
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(html).toContain('href="https://evil.example/moc.knab"');
    expect(html).toContain(">knab</a>");
  });

  it("keeps a bare URL left to right inside Arabic text", () => {
    expect(renderMarkdown("زوروا https://shop.example/ar للمزيد")).toBe(
      '<p>زوروا <a href="https://shop.example/ar" dir="ltr" target="_blank" rel="noopener noreferrer">https://shop.example/ar</a> للمزيد</p>',
    );
  });
});

describe("citation markers (issue #25 item 10)", () => {
  const chip = (n: number) => `<button type="button" class="pw-cite" data-cite="${n}">${n}</button>`;

  it("leaves markers alone unless asked", () => {
    expect(renderMarkdown("Same day [1].")).toBe("<p>Same day [1].</p>");
  });

  it("turns a marker with a citation into a chip and removes one without", () => {
    const html = renderMarkdown("Same day [1], by noon [2] or [3].", { cites: 2 });
    assertSafe(html);
    expect(html).toBe(`<p>Same day${chip(1)}, by noon${chip(2)} or.</p>`);
    expect(renderMarkdown("Same day [1].", { cites: 0 })).toBe("<p>Same day.</p>");
    expect(renderMarkdown("Same day [0] [12].", { cites: 2 })).toBe("<p>Same day.</p>");
  });

  it("chips markers in lists, headings and emphasis, never in code or link targets", () => {
    expect(renderMarkdown("- one [1]\n- **two [1]**", { cites: 1 })).toBe(
      `<ul><li>one${chip(1)}</li><li><strong>two${chip(1)}</strong></li></ul>`,
    );
    expect(renderMarkdown("Use `a[1]` here [1]", { cites: 1 })).toBe(
      `<p>Use <code>a[1]</code> here${chip(1)}</p>`,
    );
    expect(renderMarkdown("```\nx = y[1]\n```", { cites: 1 })).toBe("<pre><code>x = y[1]</code></pre>");
    expect(renderMarkdown("[1](https://a.example/x) ok", { cites: 1 })).toBe(
      '<p><a href="https://a.example/x" target="_blank" rel="noopener noreferrer">1</a> ok</p>',
    );
  });

  it("hides markers while streaming, also one half received", () => {
    const streaming = { streaming: true };
    expect(renderMarkdown("Same day [1].", streaming)).toBe("<p>Same day.</p>");
    expect(renderMarkdown("Same day [", streaming)).toBe("<p>Same day</p>");
    expect(renderMarkdown("Same day [1", streaming)).toBe("<p>Same day</p>");
    expect(renderMarkdown("Same day [1] then [", streaming)).toBe("<p>Same day then</p>");
    // Once done, a trailing bracket is text.
    expect(renderMarkdown("Same day [", { cites: 1 })).toBe("<p>Same day [</p>");
  });

  it("stays safe around markers", () => {
    for (const payload of [
      "<img src=x onerror=alert(1)>[1]",
      '[1]"><script>alert(1)</script>',
      "[<b>1</b>]",
      '[1" onclick="alert(1)]',
      "**[1]<svg/onload=alert(1)>**",
    ]) {
      const html = renderMarkdown(payload, { cites: 3 });
      assertSafe(html);
    }
  });
});
