/**
 * What every route of the API has in its context (set by the middleware in ./index.ts): `read`, the
 * request's access to the database (./reader.ts), bound to the request so that its statements stop
 * when its client leaves, and `signal`, which says it left.
 */
import type { Reader } from "./reader";

export interface ApiEnv {
  Variables: {
    read: <T>(query: (db: Reader) => Promise<T>) => Promise<T>;
    /** Aborts when the request's client goes away before its answer is sent. */
    signal: AbortSignal;
  };
}
