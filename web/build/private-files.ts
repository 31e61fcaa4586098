/**
 * The dev server serves any file under the repository by its absolute path (/@fs/...), the
 * account API's data directory included: `npm run dev` keeps the database (with every password's
 * scrypt hash) and the API's RSA private key in .data/. This plugin denies those and other secrets.
 * `server.fs.deny` replaces Vite's own list, so that list comes first.
 */
import type { Plugin } from "vite";

/** Vite 8's default `server.fs.deny`. */
const VITE_DEFAULT_DENY = [".env", ".env.*", "*.{crt,pem,key,p12,pfx,cer,der}", ".npmrc", ".yarnrc.yml", "**/.git/**"];

/** Patterns with a slash match the absolute path, hence the leading `**`. */
export const PRIVATE_FILES = [...VITE_DEFAULT_DENY, "**/.data/**", "*.{sqlite,sqlite-wal,sqlite-shm,sqlite3,db}"];

export function denyPrivateFiles(): Plugin {
  return {
    name: "deny-private-files",
    config: () => ({ server: { fs: { deny: PRIVATE_FILES } } }),
  };
}
