-- The account API's schema in PostgreSQL's dialect (PGlite embedded, or a PostgreSQL server):
-- docs/decisions/account-storage.md. Never edit a migration that has shipped: add another.
CREATE TABLE accounts (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                text    NOT NULL UNIQUE,
  -- The name folded (mocks/api/text.ts accountKey): one account per folded name.
  name_key            text    UNIQUE,
  -- What the name could pass for (lookAlikeKey): a new name is refused when another has it.
  look_key            text    UNIQUE,
  password_hash       text    NOT NULL,
  -- 0 for a hash of the password as typed, before passwords were normalised to NFKC.
  password_normalized integer NOT NULL DEFAULT 1,
  referrer            text,
  created_at          bigint  NOT NULL
);
--> statement-breakpoint
-- A wallet belongs to at most one account; an account may have several wallets (bind).
CREATE TABLE wallets (
  address    text    PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id),
  bound_at   bigint  NOT NULL
);
--> statement-breakpoint
CREATE INDEX wallets_by_account ON wallets (account_id);
--> statement-breakpoint
-- Unused sign-in nonces, each bound to the client that asked (mocks/api/clients.ts); `issued`
-- orders nonces that expire in the same millisecond.
CREATE TABLE nonces (
  nonce      text   PRIMARY KEY,
  issued     bigint GENERATED ALWAYS AS IDENTITY,
  wallet     text   NOT NULL,
  client     text   NOT NULL,
  purpose    text   NOT NULL,
  message    text   NOT NULL,
  expires_at bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX nonces_by_expiry ON nonces (expires_at, issued);
--> statement-breakpoint
CREATE INDEX nonces_by_client ON nonces (client, expires_at, issued);
--> statement-breakpoint
-- How many nonces are outstanding, kept by a trigger so that the cap costs no count.
CREATE TABLE nonce_count (
  id          integer PRIMARY KEY CHECK (id = 1),
  outstanding bigint  NOT NULL
);
--> statement-breakpoint
INSERT INTO nonce_count (id, outstanding) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION count_nonces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE nonce_count SET outstanding = outstanding + 1 WHERE id = 1;
  ELSE
    UPDATE nonce_count SET outstanding = outstanding - 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER nonces_counted AFTER INSERT OR DELETE ON nonces FOR EACH ROW EXECUTE FUNCTION count_nonces();
--> statement-breakpoint
-- Only a SHA-256 of each session token is kept: a copy of the database opens no session.
CREATE TABLE sessions (
  token_hash text    PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id),
  wallet     text    NOT NULL,
  created_at bigint  NOT NULL,
  expires_at bigint  NOT NULL
);
--> statement-breakpoint
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
--> statement-breakpoint
CREATE TABLE login_failures (
  key             text    PRIMARY KEY,
  failures        integer NOT NULL,
  last_failure_at bigint  NOT NULL
);
