// A real server chose a transaction of the store as a deadlock's victim and rolled it back (MySQL's ERROR 1213):
// nothing it wrote remains. The mysql engine's claim rule (mysqlrules.cpp) answers it as the policy's `deadlock` says;
// the MySQL store (core/mysql) throws it from a claim whose INSERT waited on another connection's claim transaction.
#pragma once

#include "store.h"

namespace iw {

class StoreDeadlock : public StoreError {
public:
    explicit StoreDeadlock(const std::string& message)
        : StoreError(Kind::Fatal, message)
    {
    }
};

} // namespace iw
