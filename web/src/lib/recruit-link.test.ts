import { afterEach, describe, expect, test } from "vitest";
import { forgetRecruiter, recruitedByKey, recruitLink, rememberedRecruiter, rememberRecruiter } from "./recruit-link";

afterEach(() => window.localStorage.clear());

describe("the recruit link", () => {
  test("is the sign-up page with the recruiter's code", () => {
    expect(recruitLink("https://partners.example", "u3Xq9Lr2VbPz")).toBe(
      "https://partners.example/signup?ref=u3Xq9Lr2VbPz",
    );
  });

  test("opening it remembers the code in this site's storage until the account exists", () => {
    expect(rememberedRecruiter()).toBeNull();
    rememberRecruiter("?ref=u3Xq9Lr2VbPz&utm=x");
    expect(window.localStorage.getItem(recruitedByKey)).toBe("u3Xq9Lr2VbPz");
    expect(rememberedRecruiter()).toBe("u3Xq9Lr2VbPz");
    // A later visit without a link keeps it; another recruit link replaces it.
    rememberRecruiter("");
    expect(rememberedRecruiter()).toBe("u3Xq9Lr2VbPz");
    rememberRecruiter("?ref=other_code");
    expect(rememberedRecruiter()).toBe("other_code");
    forgetRecruiter();
    expect(rememberedRecruiter()).toBeNull();
  });

  test("a code that is no user id is ignored", () => {
    rememberRecruiter("?ref=" + encodeURIComponent("<script>"));
    expect(rememberedRecruiter()).toBeNull();
    window.localStorage.setItem(recruitedByKey, "has spaces");
    expect(rememberedRecruiter()).toBeNull();
  });
});
