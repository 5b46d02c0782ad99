<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw::StoreDialog</name>
    <message>
        <source>PostgreSQL store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the scenarios against real tables: the claim becomes one INSERT … ON CONFLICT DO NOTHING and the database arbitrates. The workbench works only inside its own schema and empties its tables at every run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host=… dbname=… user=…  or  postgresql://…  (empty: the PG* environment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A libpq connection string or URI. Empty uses the PG* environment variables, the service file and .pgpass. A password typed here is used for this session only and never saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The schema the workbench&apos;s tables live in; created on request, never shared with your own tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Schema:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create the schema and its tables when they are &amp;missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the same installation as the Install schema button before the first run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Through a &amp;transaction pooler (pgbouncer pool_mode = transaction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every statement is sent unnamed with its parameters, so nothing depends on a prepared statement or a SET outliving its transaction: a transaction pooler may hand the next transaction another server connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Install schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create the schema and the tables request_idempotency, request_idempotency_tombstone, request_seen and demo_request when missing, and say what was created or found; an existing table of another shape is reported and left unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use &amp;PostgreSQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the workbench to this database; the current scenario reloads on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not installed: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting and installing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ThreadedStore</name>
    <message>
        <source>the store could not be opened</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
