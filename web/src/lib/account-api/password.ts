/**
 * Passwords leave the browser encrypted with the API's RSA public key (WebCrypto RSA-OAEP with
 * SHA-256), so neither the network nor a proxy ever sees them.
 */
import { apiRequest } from "./client";

let publicKey: Promise<CryptoKey> | undefined;

/** The DER bytes inside a PEM block. (The platform's atob/btoa, not ethers' base64 helpers: under
 *  Node those return Buffers, which the jsdom of the screen tests does not take as bytes.) */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\s+/g, "");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function loadPublicKey(): Promise<CryptoKey> {
  const { key } = await apiRequest<{ key: string }>("/config");
  return crypto.subtle.importKey("spki", pemToDer(key), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
}

/** Forgets the key, so the next password is encrypted with a freshly fetched one (say, after
 *  the server was set up anew and could not read the last one). */
export function forgetPasswordKey(): void {
  publicKey = undefined;
}

export async function encryptPassword(password: string): Promise<string> {
  publicKey ??= loadPublicKey();
  let key: CryptoKey;
  try {
    key = await publicKey;
  } catch (error) {
    forgetPasswordKey();
    throw error;
  }
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(password)));
  let binary = "";
  for (const byte of ciphertext) binary += String.fromCharCode(byte);
  return btoa(binary);
}
