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
      for (const key of ERROR_KEYS) expect(messages[key], key).to.be.a("string").and.not.equal("");
      expect(messages.tooManyAttempts).to.contain("{{seconds}}");
      expect(messages.passwordLength).to.contain("{{min}}").and.contain("{{max}}");
      expect(messages.accountLength).to.contain("{{max}}");
    });
  }

  it("the web app checks account names and passwords by the API's rules", function () {
    expect(webRules).to.deep.equal({ ACCOUNT_FORBIDDEN, ACCOUNT_MAX, PASSWORD_MIN, PASSWORD_MAX });
  });
});
