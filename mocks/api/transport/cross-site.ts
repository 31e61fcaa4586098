/**
 * Only the app's own pages write (docs/product/account-api.md): a browser names the page a request comes from
 * (Origin, and Sec-Fetch-Site in current browsers), so a request that changes something and comes
 * from another site's page (a no-cors fetch, a form) is refused with 403 `crossSite`, and a body
 * that is not JSON (what such a page can send without CORS asking the API first) with 415. Both are
 * onRequest hooks of the whole app, so they run before the request limit's hook, which each
 * limited route adds after them (request-limit.ts): a foreign page cannot spend a visitor's budget.
 * Clients that are not browsers (scripts, tests) send neither header and are served.
 */
import fp from "fastify-plugin";

import { ApiError } from "../errors";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

const mediaType = (contentType: string | undefined) => (contentType ?? "").split(";", 1)[0].trim().toLowerCase();

export const crossSite = fp<{ origin: string }>(
  async (app, options) => {
    const own = new URL(options.origin).origin;
    app.addHook("onRequest", async (request) => {
      if (READS.has(request.method)) return;
      // A current browser says whether the page is of the origin the request goes to (the app's,
      // through whatever proxy serves both): that decides, so the app opened under another name of
      // this host (localhost for 127.0.0.1) still writes. An older browser sends Origin only.
      const site = request.headers["sec-fetch-site"];
      const origin = request.headers.origin;
      const foreign = site !== undefined ? site !== "same-origin" && site !== "none" : origin !== undefined && origin !== own;
      if (foreign) throw new ApiError(403, "crossSite");
      const hasBody = Number(request.headers["content-length"]) > 0 || request.headers["transfer-encoding"] !== undefined;
      if (hasBody && mediaType(request.headers["content-type"]) !== "application/json") throw new ApiError(415, "malformedRequest");
    });
  },
  { name: "api-cross-site", fastify: "5.x" },
);
