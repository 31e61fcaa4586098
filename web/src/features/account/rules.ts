/** The account API's rules for names and passwords, checked here before anything is sent (the
 *  API checks them again; test/api checks both sides agree). The look-alike rule for new names is
 *  the API's alone, asked before a signature (docs/product/account-api.md §3). */
export const ACCOUNT_MAX = 32;
/** Control, invisible and direction-changing characters, refused in names (errors:accountCharacters). */
export const ACCOUNT_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\u2800]/u;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
