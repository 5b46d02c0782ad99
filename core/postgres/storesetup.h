// Setting up the PostgreSQL store for the command line and the GUI alike: telling a conninfo that does not parse
// (bad input, exit 2) from a server that cannot be reached (a database error, exit 3), and installing the schema
// with one sentence saying what was created and what was already there.
#pragma once

#include "pgstore.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace iw {

// Empty when libpq can parse `conninfo` (keyword form or URI; empty is fine: the PG* environment), else one sentence
// naming the problem, with any password in it replaced by asterisks.
std::string conninfoProblem(const std::string& conninfo);

// The connection options as libpq would use them for `conninfo` — the conninfo's own, then the service file's, then
// the PG* environment's — without connecting: keyword → value, only those that have one (target_session_attrs
// left out). Empty when libpq cannot even start (out of memory).
std::map<std::string, std::string> resolvedConninfo(const std::string& conninfo);

// What installStoreSchema found and did.
struct SchemaInstallation {
    std::string schema;
    bool schemaCreated = false;
    std::vector<std::string> created; // tables created now
    std::vector<std::string> found; // tables that were there with the right shape
    // "created schema idempotency_workbench with tables request_idempotency, …" or "schema … already complete: …".
    std::string sentence() const;
};

// Installs the store's schema through `store` (PostgresStore::installSchema: a table of another shape is a Fatal
// StoreError naming table and column, and nothing changes), looking first, on a second short connection with the
// same conninfo, at what exists. Throws StoreError.
SchemaInstallation installStoreSchema(PostgresStore& store, const std::string& conninfo);

// The schema of a route's hop (docs/reference/routes.md): each hop after `service` keeps its records in a schema of its
// own,
// `<schema>_<n>_<name>` — n the hop's place in the route (1 for the first), the name lowercased with every
// character other than a-z, 0-9 and _ made _, cut so the whole stays within PostgreSQL's 63 bytes (n keeps two hops
// apart whatever their names). Empty when even `<schema>_<n>` does not fit.
std::string hopSchemaName(const std::string& schema, std::size_t hop, const std::string& hopName);

// Connects one store per hop named in `hopNames` (route order) with the same conninfo and pooling, each in its
// hopSchemaName schema, and installs its schema. Throws StoreError (Fatal for a schema name that does not fit, with
// the hop's name in the sentence).
std::vector<std::unique_ptr<IdempotencyStore>> openHopStores(const std::string& conninfo, const std::string& schema,
    PostgresStore::Pooling pooling, const std::vector<std::string>& hopNames);

// The tables PostgresStore needs, in the order they are created.
const std::vector<std::string>& storeTables();

} // namespace iw
