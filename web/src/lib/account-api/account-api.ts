/**
 * The account API's calls that open a session: register, bind and log in, each proven by a wallet
 * signature, with the password encrypted in the browser. (session.ts has the calls made with a
 * session.)
 */
import type { Progress } from "@/lib/actions/use-action";
import type { Eip1193Provider } from "@/lib/wallet/eip1193";

import { apiRequest } from "./client";
import { encryptPassword } from "./password";
import { proveWallet } from "./proof";
import type { Member } from "./session";

export interface Session {
  token: string;
  expiresAt: string;
  member: Member;
  /** Register only: false when the account existed already (a registration being completed). */
  created?: boolean;
}

export interface Signer {
  provider: Eip1193Provider;
  wallet: string;
  progress?: Progress;
}

export interface Credentials {
  account: string;
  password: string;
}

export async function registerAccount(signer: Signer, credentials: Credentials & { referrer: string }): Promise<Session> {
  // Encrypt first: a server that cannot be reached should not cost the user a signature.
  const password = await encryptPassword(credentials.password);
  const proof = await proveWallet(signer.provider, signer.wallet, "register", signer.progress);
  return apiRequest<Session>("/register", { body: { account: credentials.account, password, referrer: credentials.referrer, ...proof } });
}

export async function bindAccount(signer: Signer, credentials: Credentials): Promise<Session> {
  const password = await encryptPassword(credentials.password);
  const proof = await proveWallet(signer.provider, signer.wallet, "bind", signer.progress);
  return apiRequest<Session>("/bind", { body: { account: credentials.account, password, ...proof } });
}

export async function logIn(signer: Signer): Promise<Session> {
  const proof = await proveWallet(signer.provider, signer.wallet, "login", signer.progress);
  return apiRequest<Session>("/login", { body: proof });
}
