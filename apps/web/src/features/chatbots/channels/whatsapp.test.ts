import { whatsappConnectSchema } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import {
  attentionOf,
  CONNECT_FIELDS,
  CONNECT_MAX,
  type ConnectValues,
  checkConnect,
  cleanConnect,
  connectFailureOf,
  EMPTY_CONNECT,
  fieldOfServerPath,
  firstProblem,
  metaSaidIn,
  problemOfServerMessage,
  qualityOf,
  serverProblems,
} from "./whatsapp";

const good: ConnectValues = {
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
  accessToken: "EAAGm0PX4ZCpsBAKZCx9ZA",
  appSecret: "0123456789abcdef0123456789abcdef",
};

/** The contract's first message per field, as the API would answer them. */
function contractMessages(values: ConnectValues): Partial<Record<keyof ConnectValues, string>> {
  const parsed = whatsappConnectSchema.safeParse(values);
  const out: Partial<Record<keyof ConnectValues, string>> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ConnectValues;
    out[field] ??= issue.message;
  }
  return out;
}

describe("cleanConnect", () => {
  it("trims every value", () => {
    expect(
      cleanConnect({
        phoneNumberId: "  106540352242922 ",
        businessAccountId: "\t102290129340398\n",
        accessToken: "  EAAG123 \n",
        appSecret: " abc ",
      }),
    ).toEqual({
      phoneNumberId: "106540352242922",
      businessAccountId: "102290129340398",
      accessToken: "EAAG123",
      appSecret: "abc",
    });
  });

  it("takes the spaces out of an id shown in groups, and reads Arabic-Indic and Persian digits", () => {
    expect(cleanConnect({ ...EMPTY_CONNECT, phoneNumberId: "1065 4035 2242 922" }).phoneNumberId).toBe(
      "106540352242922",
    );
    expect(cleanConnect({ ...EMPTY_CONNECT, businessAccountId: "١٠٢٢٩٠١٢٩٣٤٠٣٩٨" }).businessAccountId).toBe(
      "102290129340398",
    );
    expect(cleanConnect({ ...EMPTY_CONNECT, phoneNumberId: "۱۲۳۴" }).phoneNumberId).toBe("1234");
  });

  it("drops the invisible marks a copy from an Arabic page brings", () => {
    const cleaned = cleanConnect({
      phoneNumberId: "\u200e106540352242922\u200f",
      businessAccountId: "\u2066102290129340398\u2069",
      accessToken: "\ufeffEAAG\u200b123",
      appSecret: "\u202babc\u202c",
    });
    expect(cleaned).toEqual({
      phoneNumberId: "106540352242922",
      businessAccountId: "102290129340398",
      accessToken: "EAAG123",
      appSecret: "abc",
    });
  });

  it("joins a token wrapped over lines, but keeps a space inside a secret for the check to name", () => {
    expect(cleanConnect({ ...EMPTY_CONNECT, accessToken: "EAAG\r\nabc\ndef" }).accessToken).toBe(
      "EAAGabcdef",
    );
    expect(cleanConnect({ ...EMPTY_CONNECT, appSecret: "abc def" }).appSecret).toBe("abc def");
  });
});

describe("checkConnect", () => {
  it("passes good values, as the contract does", () => {
    expect(checkConnect(good)).toEqual({});
    expect(whatsappConnectSchema.safeParse(good).success).toBe(true);
  });

  it("names an empty field", () => {
    expect(checkConnect(EMPTY_CONNECT)).toEqual({
      phoneNumberId: "required",
      businessAccountId: "required",
      accessToken: "required",
      appSecret: "required",
    });
  });

  it("wants digits in the ids (a phone number with + is not its id)", () => {
    expect(checkConnect({ ...good, phoneNumberId: "+97333334444" }).phoneNumberId).toBe("digits");
    expect(checkConnect({ ...good, businessAccountId: "12a" }).businessAccountId).toBe("digits");
  });

  it("bounds each field as the contract does", () => {
    expect(checkConnect({ ...good, phoneNumberId: "1".repeat(32) })).toEqual({});
    expect(checkConnect({ ...good, phoneNumberId: "1".repeat(33) }).phoneNumberId).toBe("tooLong");
    expect(checkConnect({ ...good, accessToken: "a".repeat(1024) })).toEqual({});
    expect(checkConnect({ ...good, accessToken: "a".repeat(1025) }).accessToken).toBe("tooLong");
    expect(checkConnect({ ...good, appSecret: "a".repeat(129) }).appSecret).toBe("tooLong");
  });

  it("refuses spaces and characters outside printable ASCII in a secret", () => {
    expect(checkConnect({ ...good, accessToken: "EAAG abc" }).accessToken).toBe("characters");
    expect(checkConnect({ ...good, appSecret: "سر" }).appSecret).toBe("characters");
  });

  it("notices the same id pasted twice", () => {
    expect(checkConnect({ ...good, businessAccountId: good.phoneNumberId })).toEqual({
      businessAccountId: "sameIds",
    });
  });

  it("agrees with the contract on which fields are refused", () => {
    const samples: ConnectValues[] = [
      good,
      EMPTY_CONNECT,
      { ...good, phoneNumberId: "12 34" },
      { ...good, businessAccountId: "x" },
      { ...good, phoneNumberId: "9".repeat(33) },
      { ...good, accessToken: "a b" },
      { ...good, accessToken: "t".repeat(CONNECT_MAX.accessToken + 1) },
      { ...good, appSecret: "é" },
      { ...good, appSecret: "s".repeat(CONNECT_MAX.appSecret) },
    ];
    for (const sample of samples) {
      const ours = Object.keys(checkConnect(sample)).sort();
      const theirs = Object.keys(contractMessages(sample)).sort();
      expect(ours, JSON.stringify(sample)).toEqual(theirs);
    }
  });

  it("finds the first field to focus in the form's order", () => {
    expect(firstProblem({ appSecret: "required", businessAccountId: "digits" })).toBe("businessAccountId");
    expect(firstProblem({})).toBeUndefined();
  });
});

describe("the API's field errors", () => {
  it("maps a detail's path onto a field", () => {
    expect(fieldOfServerPath("body.accessToken")).toBe("accessToken");
    expect(fieldOfServerPath("phoneNumberId")).toBe("phoneNumberId");
    expect(fieldOfServerPath("params.id")).toBeNull();
    expect(fieldOfServerPath("body")).toBeNull();
  });

  it("reads every message the contract can answer into a problem", () => {
    const samples: ConnectValues[] = [
      EMPTY_CONNECT,
      { ...good, phoneNumberId: "12a", businessAccountId: "9".repeat(40) },
      { ...good, accessToken: "a b", appSecret: "s".repeat(200) },
      { ...good, accessToken: "t".repeat(2000), appSecret: "x y" },
    ];
    for (const sample of samples) {
      const messages = contractMessages(sample);
      for (const field of CONNECT_FIELDS) {
        const message = messages[field];
        if (!message) continue;
        expect(problemOfServerMessage(message), message).toBe(checkConnect(sample)[field]);
      }
    }
  });

  it("places what it can and leaves the rest as the API said it", () => {
    expect(
      serverProblems([
        { path: "body.phoneNumberId", message: "Enter the phone number ID" },
        { path: "body.appSecret", message: "Something new" },
        { path: "body", message: "Required" },
      ]),
    ).toEqual({
      problems: { phoneNumberId: "required" },
      unplaced: [
        { field: "appSecret", message: "Something new" },
        { field: null, message: "Required" },
      ],
    });
    expect(serverProblems(undefined)).toEqual({ problems: {}, unplaced: [] });
  });
});

describe("qualityOf", () => {
  it("reads Meta's ratings, and anything else as not rated", () => {
    expect(["GREEN", "YELLOW", "RED", "UNKNOWN", "green", "", "NA"].map(qualityOf)).toEqual([
      "green",
      "yellow",
      "red",
      "unknown",
      "green",
      "unknown",
      "unknown",
    ]);
    expect(qualityOf(null)).toBe("unknown");
  });
});

describe("connectFailureOf (the API's refusals, as the service words them)", () => {
  const said = 'Meta said: "(#190) Error validating access token: Session has expired."';

  it("Meta refused the token", () => {
    expect(
      connectFailureOf({
        code: "CHANNEL_REFUSED",
        message: `Meta did not accept the access token (error 190). Check that it is a permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions, and that it has not expired. ${said}`,
      }),
    ).toEqual({
      kind: "token",
      metaCode: "190",
      said: "(#190) Error validating access token: Session has expired.",
    });
  });

  it("Meta does not know the phone number id, or the account id", () => {
    expect(
      connectFailureOf({
        code: "CHANNEL_REFUSED",
        message:
          'Meta does not know this phone number ID, or it does not belong to this token (error 100). Copy the phone number ID from WhatsApp → API Setup in your Meta app, not the phone number itself. Meta said: "(#100) Unsupported get request."',
      }),
    ).toEqual({ kind: "number", metaCode: "100", said: "(#100) Unsupported get request." });
    expect(
      connectFailureOf({
        code: "CHANNEL_REFUSED",
        message:
          'Meta does not know WhatsApp Business Account ID 123, or it does not belong to this token (error 100). Copy it from WhatsApp → API Setup in your Meta app. Meta said: "(#100) Invalid parameter"',
      }),
    ).toEqual({ kind: "account", metaCode: "100", said: "(#100) Invalid parameter" });
  });

  it("Meta could not be reached, with or without its words", () => {
    expect(
      connectFailureOf({
        code: "CHANNEL_UNAVAILABLE",
        message: "Meta could not be reached to check the number right now. Try again in a minute.",
      }),
    ).toEqual({ kind: "unavailable", said: null });
    expect(
      connectFailureOf({
        code: "CHANNEL_UNAVAILABLE",
        message:
          'Meta could not be reached to check the number right now. Try again in a minute. Meta said: "x"',
      }),
    ).toEqual({ kind: "unavailable", said: "x" });
  });

  it("the plan, and a number connected already", () => {
    expect(
      connectFailureOf({
        code: "PLAN_LIMIT_REACHED",
        message: "Your Free plan does not include WhatsApp. Upgrade to Pro or Business to connect a number.",
      }),
    ).toEqual({ kind: "plan" });
    expect(
      connectFailureOf({
        code: "CONFLICT",
        message: "This number is already connected to one of your chatbots. Disconnect it there first.",
      }),
    ).toEqual({ kind: "takenHere" });
    expect(
      connectFailureOf({
        code: "CONFLICT",
        message: "This number is already connected to a Parley chatbot of another workspace.",
      }),
    ).toEqual({ kind: "takenElsewhere" });
    expect(
      connectFailureOf({ code: "CONFLICT", message: "This number was just connected to a Parley chatbot." }),
    ).toEqual({ kind: "takenElsewhere" });
  });

  it("leaves anything else to be shown as the API said it", () => {
    expect(connectFailureOf({ code: "RATE_LIMITED", message: "Too many attempts" })).toBeNull();
    expect(connectFailureOf({ code: "PLAN_LIMIT_REACHED", message: "Up to 3 chatbots" })).toBeNull();
    expect(connectFailureOf({ code: "CHANNEL_REFUSED", message: "Something else" })).toBeNull();
    expect(connectFailureOf(null)).toBeNull();
  });

  it("reads Meta's words only at the end", () => {
    expect(metaSaidIn('A. Meta said: "He said "hi"."')).toBe('He said "hi".');
    expect(metaSaidIn("No words")).toBeNull();
  });
});

describe("attentionOf", () => {
  it("splits the service's reason into Meta's code and words", () => {
    expect(
      attentionOf(
        "Meta refused the access token (error 190): Error validating access token: Session has expired.",
      ),
    ).toEqual({ metaCode: "190", said: "Error validating access token: Session has expired." });
  });

  it("keeps another reason as it is, and nothing as nothing", () => {
    expect(attentionOf("Something else")).toEqual({ metaCode: null, said: "Something else" });
    expect(attentionOf(null)).toEqual({ metaCode: null, said: null });
    expect(attentionOf("  ")).toEqual({ metaCode: null, said: null });
  });
});
