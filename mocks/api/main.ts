/**
 * Starts the mock account API: `npm run api`. Settings come from the environment:
 *
 *   API_PORT (8787), API_HOST (127.0.0.1)  where it listens
 *   API_DATA_DIR (.data/api)               database file and RSA key pair
 *   RPC_URL (http://127.0.0.1:8545)        the chain asked whether a referrer is a member
 *   ADDRESS_BOOK (deployments/local.json)  where the Community contract is
 *   API_SITE                               the site named in wallet messages (the request's host)
 *   API_SESSION_TTL_SECONDS (7 days), API_NONCE_TTL_SECONDS (5 minutes), LOG_LEVEL (info)
 */
import path from "node:path";

import type { FastifyInstance } from "fastify";

import { addressBookReferrers } from "./referrers";
import { REDACTED_LOG_PATHS, createApiServer } from "./server";

export interface ApiConfig {
  port: number;
  host: string;
  dataDir: string;
  rpcUrl: string;
  addressBook: string;
  site?: string;
  sessionTtlMs?: number;
  nonceTtlMs?: number;
  logLevel: string;
}

const seconds = (value: string | undefined) => (value ? Number(value) * 1000 : undefined);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ApiConfig {
  return {
    port: Number(env.API_PORT ?? 8787),
    host: env.API_HOST ?? "127.0.0.1",
    dataDir: path.resolve(root, env.API_DATA_DIR ?? ".data/api"),
    rpcUrl: env.RPC_URL ?? "http://127.0.0.1:8545",
    addressBook: path.resolve(root, env.ADDRESS_BOOK ?? "deployments/local.json"),
    site: env.API_SITE,
    sessionTtlMs: seconds(env.API_SESSION_TTL_SECONDS),
    nonceTtlMs: seconds(env.API_NONCE_TTL_SECONDS),
    logLevel: env.LOG_LEVEL ?? "info",
  };
}

/** Builds the server and listens; a port in use is reported in one clear sentence. */
export async function startApi(config: ApiConfig): Promise<FastifyInstance> {
  const app = await createApiServer({
    dataDir: config.dataDir,
    referrers: addressBookReferrers(config.rpcUrl, config.addressBook),
    site: config.site,
    sessionTtlMs: config.sessionTtlMs,
    nonceTtlMs: config.nonceTtlMs,
    logger: { level: config.logLevel, redact: REDACTED_LOG_PATHS },
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    if ((error as { code?: string }).code === "EADDRINUSE") {
      throw new Error(`Port ${config.port} is in use: stop what listens there or set API_PORT to another port.`, { cause: error });
    }
    throw error;
  }
  return app;
}

if (require.main === module) {
  const config = configFromEnv();
  startApi(config).then(
    (app) => {
      app.log.info({ dataDir: config.dataDir, rpcUrl: config.rpcUrl }, "account API ready");
      const stop = () => void app.close().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
