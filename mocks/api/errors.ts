/**
 * What the API answers when it refuses a request: an HTTP status and a message key the web app
 * translates (keys of web/src/i18n/locales/<lang>/errors.json). Never a stack trace.
 */
export const ERROR_KEYS = [
  "enterAccount",
  "enterPassword",
  "enterReferrer",
  "incorrectFormat",
  "accountLength",
  "accountCharacters",
  "accountLookAlike",
  "passwordLength",
  "passwordUnreadable",
  "selfReferral",
  "unknownReferrer",
  "accountTaken",
  "walletBound",
  "walletNotBound",
  "wrongPassword",
  "proofExpired",
  "signatureInvalid",
  "wrongSigner",
  "wrongSite",
  "loginRequired",
  "sessionExpired",
  "malformedRequest",
  "bodyTooLarge",
  "crossSite",
  "tooManyAttempts",
  "notFound",
  "network",
  "unknown",
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

export type ErrorParams = Record<string, string | number>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    readonly params?: ErrorParams,
  ) {
    super(`${status} ${key}`);
    this.name = "ApiError";
  }
}

/** The body of every refusal: `{ error: { key: "errors:<key>", params? } }`. */
export function errorBody(error: ApiError): { error: { key: string; params?: ErrorParams } } {
  return { error: { key: `errors:${error.key}`, ...(error.params ? { params: error.params } : {}) } };
}

export const badRequest = (key: ErrorKey, params?: ErrorParams) => new ApiError(400, key, params);
export const unauthorized = (key: ErrorKey) => new ApiError(401, key);
export const conflict = (key: ErrorKey) => new ApiError(409, key);
