// Password redaction for PostgreSQL messages.
#include "pgsecret.h"

#include <regex>
#include <vector>

namespace iw {

std::string redactPassword(std::string message, const std::string& conninfo, const std::string& password)
{
    std::vector<std::string> secrets;
    if (!password.empty())
        secrets.push_back(password);
    static const std::regex keyword(R"(password\s*=\s*('((?:[^'\\]|\\.)*)'|(\S+)))", std::regex::icase);
    static const std::regex uriUser(R"(^postgres(?:ql)?://[^:@/?]*:([^@/?]*)@)", std::regex::icase);
    static const std::regex uriQuery(R"([?&]password=([^&]*))", std::regex::icase);
    for (auto it = std::sregex_iterator(conninfo.begin(), conninfo.end(), keyword); it != std::sregex_iterator(); ++it)
        secrets.push_back((*it)[2].matched ? (*it)[2].str() : (*it)[3].str());
    std::smatch m;
    if (std::regex_search(conninfo, m, uriUser))
        secrets.push_back(m[1].str());
    for (auto it = std::sregex_iterator(conninfo.begin(), conninfo.end(), uriQuery); it != std::sregex_iterator(); ++it)
        secrets.push_back((*it)[1].str());
    for (const std::string& secret : secrets) {
        if (secret.empty())
            continue;
        for (auto pos = message.find(secret); pos != std::string::npos; pos = message.find(secret, pos + 8))
            message.replace(pos, secret.size(), "********");
    }
    return message;
}

} // namespace iw
