/** GET /api/config: what the browser needs before it sends a password, the RSA public key (SPKI PEM) to encrypt it with. */
import type { FastifyPluginAsync } from "fastify";

import type { RouteContext } from "./shared";

export const configRoutes: FastifyPluginAsync<RouteContext> = async (app, { passwordKeys }) => {
  app.get("/api/config", async () => ({ key: passwordKeys.publicKeyPem }));
};
