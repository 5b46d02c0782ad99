-- The workbench's own schema when PostgreSQL is the store (docs/manual/live-tables.md "As the store"). PostgresStore::installSchema
-- replaces the schema placeholder by the identifier escaped with libpq and runs this inside one transaction, then
-- checks the shape of every table, so an existing table of another shape is reported and never altered.
--
-- Portable on purpose: plain types, INSERT ... ON CONFLICT on the unique keys below, no extensions, so the same DDL
-- runs on Citus (distributed on actor_id), CockroachDB and YugabyteDB.
--
-- Types that are not SQL keywords are named pg_catalog.text and pg_catalog.jsonb: a search_path that puts another
-- schema first must not turn a column into someone's planted domain (integer, bigint, varchar, char and timestamp
-- are keywords, always the catalog's).

CREATE SCHEMA IF NOT EXISTS :schema;

-- The seed's table plus completed_at, lease_until and result_id. actor_id is text where the seed has bigint,
-- because scenario actors are names ("alice"). The unique key leads with actor_id so the table shards by actor
-- and every scope lives on one shard. Times are virtual: timestamp '2000-01-01' + milliseconds of the scenario.
CREATE TABLE IF NOT EXISTS :schema.request_idempotency (
    actor_id      pg_catalog.text  NOT NULL,
    operation     varchar(200)     NOT NULL,
    idem_key      pg_catalog.text  NOT NULL,
    payload_hash  char(64),
    state         varchar(16)      NOT NULL,
    status_code   integer,
    response_body pg_catalog.jsonb,
    created_at    timestamp        NOT NULL,
    completed_at  timestamp,
    expires_at    timestamp        NOT NULL,
    lease_until   timestamp,
    result_id     pg_catalog.text,
    UNIQUE (actor_id, operation, idem_key)
);

-- What a swept record leaves under after_expiry: tombstone; it blocks a claim while until_at > now.
CREATE TABLE IF NOT EXISTS :schema.request_idempotency_tombstone (
    actor_id     pg_catalog.text  NOT NULL,
    operation    varchar(200)     NOT NULL,
    idem_key     pg_catalog.text  NOT NULL,
    payload_hash char(64),
    status_code  integer,
    result_id    pg_catalog.text,
    until_at     timestamp        NOT NULL,
    PRIMARY KEY (actor_id, operation, idem_key)
);

-- The seen_flag strategy's boolean per scope: a row is the flag.
CREATE TABLE IF NOT EXISTS :schema.request_seen (
    actor_id  pg_catalog.text  NOT NULL,
    operation varchar(200)     NOT NULL,
    idem_key  pg_catalog.text  NOT NULL,
    PRIMARY KEY (actor_id, operation, idem_key)
);

-- One row per execution of the business action. seq keeps the order effects were written in, which effects()
-- reports (ids are "e1", "e2", ... and do not sort as text); an identity column is accepted by every target engine.
CREATE TABLE IF NOT EXISTS :schema.demo_request (
    id        pg_catalog.text  PRIMARY KEY,
    actor_id  pg_catalog.text  NOT NULL,
    operation pg_catalog.text  NOT NULL,
    idem_key  pg_catalog.text  NOT NULL,
    intent    pg_catalog.text,
    request   pg_catalog.text,
    at_ms     bigint           NOT NULL,
    seq       bigint GENERATED ALWAYS AS IDENTITY
);
