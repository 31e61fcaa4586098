import fs from "node:fs";
import path from "node:path";

import { expect } from "chai";

import { ERROR_KEYS } from "../../mocks/api/errors";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../mocks/api/passwords";
import { ACCOUNT_FORBIDDEN, ACCOUNT_MAX } from "../../mocks/api/text";
import * as webRules from "../../web/src/features/account/rules";

const LOCALES = path.join(__dirname, "../../web/src/i18n/locales");

describe("Account API and web app agree", function () {
  for (const language of ["en", "zh-Hans", "zh-Hant"]) {
    it(`every refusal of the API has a message in ${language}, with the values the API sends`, function () {
      const messages = JSON.parse(fs.readFileSync(path.join(LOCALES, language, "errors.json"), "utf8")) as Record<string, string>;
      // A message, or its plural forms (i18next picks one by `count`).
      const forms = (key: string) => (messages[key] !== undefined ? [messages[key]] : [messages[`${key}_one`], messages[`${key}_other`]]);
      for (const key of ERROR_KEYS) for (const text of forms(key)) expect(text, key).to.be.a("string").and.not.equal("");
      for (const text of forms("tooManyAttempts")) expect(text).to.contain("{{count}}");
      expect(messages.passwordLength).to.contain("{{min}}").and.contain("{{max}}");
      expect(messages.accountLength).to.contain("{{max}}");
    });
  }

  it("the web app checks account names and passwords by the API's rules", function () {
    expect(webRules).to.deep.equal({ ACCOUNT_FORBIDDEN, ACCOUNT_MAX, PASSWORD_MIN, PASSWORD_MAX });
  });
});
