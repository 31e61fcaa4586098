/**
 * The RSA key pair the browser encrypts passwords with. Made on first start and kept in the data
 * directory (the private key readable by its owner only), so a restart keeps the key that open
 * pages already hold.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_KEY_FILE = "rsa-private.pem";

/** 3072 bits: OAEP with SHA-256 then carries up to 318 bytes, room for any 64-character password. */
const MODULUS_BITS = 3072;

export interface PasswordKeys {
  privateKey: KeyObject;
  /** SPKI PEM, as `GET /api/config` hands it out. */
  publicKeyPem: string;
}

export function loadOrCreateKeys(dataDir: string): PasswordKeys {
  const file = path.join(dataDir, PRIVATE_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: MODULUS_BITS });
    writeAtomically(file, privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  }
  const privateKey = createPrivateKey(fs.readFileSync(file));
  const publicKeyPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
  return { privateKey, publicKeyPem };
}

/** Written whole or not at all: a kill while writing leaves no truncated key behind. */
function writeAtomically(file: string, contents: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents, { mode: 0o600 });
  fs.renameSync(temporary, file);
}
