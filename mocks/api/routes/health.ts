/**
 * GET /api/health: whether this instance can serve, for a load balancer (docs/operations.md §4).
 * It asks the database, so an instance whose database is out of reach says so (503, the `network`
 * key) instead of answering healthy and failing every request sent to it.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";

import type { RouteContext } from "./shared";

export const healthRoutes: FastifyPluginAsync<RouteContext> = async (app, { db }) => {
  app.get("/api/health", async () => {
    await db.execute(sql`SELECT 1`);
    return { ok: true };
  });
};
