// Setting up the PostgreSQL store for the command line and the GUI alike: telling a conninfo that does not parse
// (bad input, exit 2) from a server that cannot be reached (a database error, exit 3), and installing the schema
// with one sentence saying what was created and what was already there.
#pragma once

#include <string>
#include <vector>

namespace iw {

class PostgresStore;

// Empty when libpq can parse `conninfo` (keyword form or URI; empty is fine: the PG* environment), else one sentence
// naming the problem, with any password in it replaced by asterisks.
std::string conninfoProblem(const std::string& conninfo);

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

// The tables PostgresStore needs, in the order they are created.
const std::vector<std::string>& storeTables();

} // namespace iw
