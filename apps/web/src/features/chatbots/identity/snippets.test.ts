import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SECRET_ENV, SERVER_SNIPPETS, SPA_SNIPPET, signedTag } from "./snippets";

// The snippets are run as written, with the real interpreters, and must give the signature the
// API checks (hex HMAC-SHA256 of the id's UTF-8 text, keyed with the secret).

const secret = "9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d0f";
const expected = (id: string) => createHmac("sha256", secret).update(id, "utf8").digest("hex");
const snippet = (id: string) => {
  const found = SERVER_SNIPPETS.find((s) => s.id === id);
  if (!found) throw new Error(`no ${id} snippet`);
  return found.code;
};
const env = { ...process.env, [SECRET_ENV]: secret };

const hasPython = (() => {
  try {
    execFileSync("python3", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("identity verification snippets", () => {
  it("Node.js computes the signature the API checks", () => {
    for (const id of ["42", "josé@example.com"]) {
      const program = `const user = { id: ${JSON.stringify(id)} };\n${snippet("node")}\nconsole.log(userHash);`;
      const out = execFileSync(process.execPath, ["--input-type=module", "-e", program], { env })
        .toString()
        .trim();
      expect(out).toBe(expected(id));
    }
  });

  if (hasPython)
    it("Python computes the signature the API checks", () => {
      for (const id of ["42", "josé@example.com"]) {
        const program = `class User:\n    id = ${JSON.stringify(id)}\nuser = User()\n${snippet("python")}\nprint(user_hash)`;
        const out = execFileSync("python3", ["-c", program], { env }).toString().trim();
        expect(out).toBe(expected(id));
      }
    });

  it("PHP uses hash_hmac with sha256 over the id as a string, keyed with the secret", () => {
    // No PHP interpreter here; hash_hmac('sha256', $data, $key) returns lowercase hex by default.
    expect(snippet("php")).toContain(`hash_hmac('sha256', (string) $user->id, getenv('${SECRET_ENV}'))`);
  });

  it("the page passes what the widget reads", () => {
    const tag = signedTag("https://app.parley.example", "cb_1");
    for (const attr of [
      "data-chatbot-id",
      "data-user-id",
      "data-user-hash",
      "data-user-email",
      "data-user-name",
    ]) {
      expect(tag).toContain(attr);
    }
    expect(tag).toContain('src="https://app.parley.example/embed.js"');
    expect(SPA_SNIPPET).toContain('Parley.q.push(["identify", {}])');
  });
});
