// Checks for a test's helper functions. QVERIFY and QCOMPARE return from the function they are in, so a helper that
// returns a value (a parsed request, a document's member, a file's exchanges) cannot use them; it throws instead,
// and Qt Test reports the exception as the failure of the test function that called it. IW_VERIFY_OR_THROW says
// which condition failed, where, and the helper's own words.
#pragma once

#include <stdexcept>
#include <string>

namespace iwtest {

class CheckFailed : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

[[noreturn]] inline void checkFailed(const char* condition, const std::string& message, const char* file, int line)
{
    throw CheckFailed(std::string(file) + ':' + std::to_string(line) + ": " + condition + ": " + message);
}

} // namespace iwtest

#define IW_VERIFY_OR_THROW(condition, message)                                                                         \
    do {                                                                                                               \
        if (!(condition))                                                                                              \
            ::iwtest::checkFailed(#condition, (message), __FILE__, __LINE__);                                          \
    } while (false)
