/**
 * A route's statement, built once: Drizzle writes its SQL text when the module loads, with a
 * placeholder for each value a request brings (`sql.placeholder`), and a request only fills them
 * in. On PostgreSQL it is also prepared by name, once per connection (node-postgres does that for a
 * named query), so the server neither parses nor plans it again. Building a page's statement was a
 * tenth of a route's time in the indexer's one thread, and PostgreSQL's parsing and planning a
 * good part of its own (docs/performance.md §6).
 */
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect, QueryBuilder } from "drizzle-orm/pg-core";

const dialect = new PgDialect({ casing: "snake_case" });

/** Drizzle's select builder with no database behind it: what a statement is written with. */
export const query = new QueryBuilder(dialect);

export interface Statement {
  /** Unique among the API's statements: PostgreSQL knows a prepared statement by it. */
  readonly name: string;
  readonly text: string;
  /** Drizzle's parameters: values, and placeholders that `valuesFor` fills. */
  readonly params: readonly unknown[];
}

/** Each name's text: PostgreSQL knows a prepared statement by its name alone. */
const texts = new Map<string, string>();

export function statement(name: string, sql: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(sql);
  // One name for two texts would make PostgreSQL run one statement's text for the other on a
  // connection that prepared it. The same text again is the module loaded again (`ponder dev`).
  if ((texts.get(name) ?? text) !== text) throw new Error(`statement: '${name}' is written twice, differently`);
  texts.set(name, text);
  return { name, text, params };
}

/** The statement's parameters for one request: its values in the placeholders' places (as they
 *  are: the routes pass what the columns hold, lower-case addresses and bigints). */
export function valuesFor(statement: Statement, values: Record<string, unknown>): unknown[] {
  return fillPlaceholders(statement.params as unknown[], values);
}
