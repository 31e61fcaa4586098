/** The inputs of the account pages: account, password and referrer, each with its checks. */
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { Field } from "@/components/form";
import type { Message } from "@/i18n/message";
import { useMessage } from "@/i18n/use-message";
import { parseAddress } from "@/lib/format/parse";
import { useFieldCheck } from "@/lib/forms/field-check";

import { getNameRefusal } from "./api/get-name-refusal";
import { getIsRegistered, useIsRegistered } from "./api/use-is-registered";
import { joining } from "./joining";
import { ACCOUNT_FORBIDDEN, ACCOUNT_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./rules";

type Check = ReturnType<typeof useFieldCheck<string>>;
/** What a credential input needs of its check: the text, its changes, the problem under it. */
type FieldState = Pick<Check, "text" | "setText" | "error">;

/** The key two names share when they are the same account, as the API folds them (mocks/api/text.ts): NFKC, then upper then lower case. */
const nameKey = (name: string) => name.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");

/** A name the API refused for a new account (taken, or a look-alike), with what it said. */
export interface NameRefusal {
  name: string;
  reason: Message;
}

export function useAccountField(): Check {
  return useFieldCheck((text) => {
    // As the API reads it: NFKC, so the length counted is the one it counts.
    const name = text.normalize("NFKC").trim();
    if (name === "") return { problem: { key: "errors:enterAccount" } };
    if (ACCOUNT_FORBIDDEN.test(name)) return { problem: { key: "errors:accountCharacters" } };
    if ([...name].length > ACCOUNT_MAX) return { problem: { key: "errors:accountLength", params: { max: ACCOUNT_MAX } } };
    return { value: name };
  });
}

/**
 * The name of a new account: the checks of any name, then the account API's word on it (free,
 * taken, or refused as a look-alike: a rule only the API holds), asked on a submit once the other
 * fields are usable, before the wallet is asked to sign. A name refused (by that question, or by the
 * registration itself, `refusedOnSend`) is refused under the field for that name only: the refusal
 * goes as soon as the name changes, and comes back at once if the user types it again.
 */
export function useNewAccountField(refusedOnSend?: NameRefusal) {
  const translate = useMessage();
  const name = useAccountField();
  const [refused, setRefused] = useState<readonly NameRefusal[]>([]);
  const refusalOf = (value: string) => [...refused, ...(refusedOnSend ? [refusedOnSend] : [])].find((refusal) => nameKey(refusal.name) === nameKey(value));
  const problem = name.problem ?? (name.value !== undefined ? refusalOf(name.value)?.reason : undefined);
  const error = name.error ?? (problem ? translate(problem) : undefined);

  /** On a submit: the name typed, or undefined (with the reason under the field). */
  const attempt = (): string | undefined => {
    const value = name.attempt();
    return value === undefined || refusalOf(value) ? undefined : value;
  };
  /** Once everything else is usable, before the signature: asks the API whether it would take
   *  `value`; false (with its reason under the field) when it would not. */
  const confirmFree = async (value: string): Promise<boolean> => {
    // An API that cannot be asked does not stop the user: the registration asks it again.
    const reason = await getNameRefusal(value).catch(() => undefined);
    if (reason === undefined) return true;
    setRefused((names) => [...names, { name: value, reason }]);
    return false;
  };
  return { text: name.text, setText: name.setText, error, attempt, confirmFree };
}

/** A new password must have 6 to 64 characters; an existing one only needs to be there. */
export function usePasswordField(isNew: boolean): Check {
  return useFieldCheck((text) => {
    if (text === "") return { problem: { key: "errors:enterPassword" } };
    const length = [...text.normalize("NFKC")].length;
    if (isNew && (length < PASSWORD_MIN || length > PASSWORD_MAX)) {
      return { problem: { key: "errors:passwordLength", params: { min: PASSWORD_MIN, max: PASSWORD_MAX } } };
    }
    return { value: text };
  });
}

export function CredentialFields({ account, password, isNew }: { account: FieldState; password: FieldState; isNew: boolean }) {
  const { t } = useTranslation("pages");
  const translate = useMessage();
  return (
    <>
      <Field
        label={t("forms.account")}
        value={account.text}
        onChange={account.setText}
        placeholder={translate({ key: "errors:enterAccount" })}
        error={account.error}
        autoComplete="username"
      />
      <Field
        label={t("forms.password")}
        type="password"
        value={password.text}
        onChange={password.setText}
        placeholder={translate({ key: "errors:enterPassword" })}
        error={password.error}
        hint={isNew ? t("account.passwordRule", { min: PASSWORD_MIN, max: PASSWORD_MAX }) : undefined}
        autoComplete={isNew ? "new-password" : "current-password"}
      />
    </>
  );
}

/**
 * The referrer wallet address: well formed, not the user's own, and a member on chain (asked as
 * soon as the address is complete). `error` is the reason shown under the field. `initial` fills
 * it, and fills it again when it changes to another address (a new referral link).
 */
export function useReferrerField(account: string, initial: string) {
  const translate = useMessage();
  // The joining action's rules (joining.ts) without the chain's answer; the answer is added below.
  const field = useFieldCheck((text) => joining.parse(text, { account, referrerIsMember: undefined }), parseAddress(initial).ok ? initial : "");
  // A referral link opened while the form is up (pasted into the tab) brings its referrer in, over
  // what the field held: following a link is the user's own choice. Set during render, as React
  // advises for state that follows a prop, so no frame shows the old one.
  const [linked, setLinked] = useState(initial);
  if (initial !== linked) {
    setLinked(initial);
    if (parseAddress(initial).ok) field.setText(initial);
  }
  const referrer = field.value;
  const { registered } = useIsRegistered(referrer);
  // A referrer typed a moment before a submit is asked then; its answer counts like the query's.
  const [foundUnknown, setFoundUnknown] = useState<string>();
  const known = referrer ? (registered ?? (foundUnknown === referrer ? false : undefined)) : undefined;
  const parsed = joining.parse(field.text, { account, referrerIsMember: known });
  const problem = "problem" in parsed ? parsed.problem : undefined;

  /** On a submit: the referrer to use, or undefined (with the reason shown). A referrer typed a
   *  moment ago may not be checked yet: then the chain is asked now. */
  const attempt = async (): Promise<string | undefined> => {
    const address = field.attempt();
    if (address === undefined) return undefined;
    const member = known ?? (await getIsRegistered(address).catch(() => undefined));
    // A chain that cannot be asked does not stop the user: the API and the contract check again.
    if (member === false) {
      setFoundUnknown(address);
      return undefined;
    }
    return address;
  };
  const showProblem = Boolean(problem) && (field.showProblem || known === false);
  return { field, error: showProblem && problem ? translate(problem) : undefined, attempt };
}

export function ReferrerField({ referrer, hint, readOnly }: { referrer: ReturnType<typeof useReferrerField>; hint?: string; readOnly?: boolean }) {
  const { t } = useTranslation("pages");
  return (
    <Field
      label={t("forms.referrer")}
      value={referrer.field.text}
      onChange={referrer.field.setText}
      placeholder={t("forms.addressPlaceholder")}
      error={referrer.error}
      hint={hint}
      readOnly={readOnly}
    />
  );
}
