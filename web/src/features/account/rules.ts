/** The account API's rules for names and passwords, checked here before anything is sent (the
 *  API checks them again; test/api checks both sides agree). */
export const ACCOUNT_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
