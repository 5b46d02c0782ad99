// Password redaction for PostgreSQL messages (see pgsecret.h).
#include "pgsecret.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace iw {

namespace {

constexpr std::size_t npos = std::string::npos;
const std::string kMask = "********";

bool isBlank(char c)
{
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

std::string lowered(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// At `i`, `name =` (blanks allowed before the `=`, as libpq allows): the position after the `=`, or npos.
std::size_t keywordAt(const std::string& s, std::size_t i, std::string* name = nullptr)
{
    std::size_t j = i;
    while (j < s.size() && isNameChar(s[j]))
        ++j;
    if (j == i)
        return npos;
    std::size_t k = j;
    while (k < s.size() && isBlank(s[k]))
        ++k;
    if (k >= s.size() || s[k] != '=')
        return npos;
    if (name)
        *name = lowered(s.substr(i, j - i));
    return k + 1;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// %XX decoded; a malformed escape is kept as written.
std::string percentDecoded(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hexValue(s[i + 1]) >= 0 && hexValue(s[i + 2]) >= 0) {
            out += static_cast<char>(hexValue(s[i + 1]) * 16 + hexValue(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

// Backslash escapes of a keyword value undone.
std::string unescaped(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size())
            ++i;
        out += s[i];
    }
    return out;
}

// The end of an unquoted word starting at `i` (a backslash escapes the next character, as libpq reads it).
std::size_t wordEnd(const std::string& s, std::size_t i)
{
    while (i < s.size() && !isBlank(s[i])) {
        if (s[i] == '\\' && i + 1 < s.size())
            ++i;
        ++i;
    }
    return i;
}

// The keyword form: `password=…` anywhere a keyword may start.
void keywordSpans(const std::string& s, std::vector<SecretSpan>& out)
{
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isBlank(s[i]))
            ++i;
        if (i >= s.size())
            break;
        std::string name;
        std::size_t value = keywordAt(s, i, &name);
        if (value == npos) {
            i = wordEnd(s, i);
            continue;
        }
        while (value < s.size() && isBlank(s[value]))
            ++value;
        std::size_t begin = value;
        std::size_t end = value;
        std::size_t next = value;
        if (value < s.size() && s[value] == '\'') {
            begin = end = value + 1;
            while (end < s.size() && s[end] != '\'') {
                if (s[end] == '\\' && end + 1 < s.size())
                    ++end;
                ++end;
            }
            next = end < s.size() ? end + 1 : end; // an unterminated quote runs to the end: all of it is password
        } else {
            end = wordEnd(s, value);
            if (name == "password") {
                // `password=correct horse` gives libpq "correct" and then a word without "=": every word up to the
                // next `keyword=` is what the user meant as the password.
                for (;;) {
                    std::size_t w = end;
                    while (w < s.size() && isBlank(s[w]))
                        ++w;
                    if (w >= s.size() || keywordAt(s, w) != npos)
                        break;
                    end = wordEnd(s, w);
                }
            }
            next = end;
        }
        if (name == "password" && end > begin)
            out.push_back({ begin, end });
        i = std::max(next, i + 1);
    }
}

// The URI form, wherever a URI starts (a keyword's value may be one too).
void uriSpans(const std::string& s, std::vector<SecretSpan>& out)
{
    const std::string lower = lowered(s);
    for (const std::string_view scheme : { std::string_view("postgresql://"), std::string_view("postgres://") }) {
        for (std::size_t at = lower.find(scheme); at != npos; at = lower.find(scheme, at + 1)) {
            if (scheme == "postgres://" && lower.compare(at, 13, "postgresql://") == 0)
                continue;
            const std::size_t authority = at + scheme.size();
            // User info ends at an `@`; libpq takes the first `@` or `/`, so a password holding `/`, `?` or `@`
            // is cut short and its rest echoed as a host or port. The last `@` covers all of them.
            const std::size_t userEnd = s.rfind('@');
            std::size_t queryFrom = authority;
            if (userEnd != npos && userEnd > authority) {
                const std::size_t colon = s.find(':', authority);
                if (colon != npos && colon < userEnd && colon + 1 < userEnd)
                    out.push_back({ colon + 1, userEnd });
                queryFrom = userEnd + 1;
            }
            const std::size_t query = s.find('?', queryFrom);
            if (query == npos)
                continue;
            // name=value pairs; a `password` parameter (its name percent-encoded or not) runs to the next `name=`.
            std::size_t p = query + 1;
            while (p < s.size()) {
                std::size_t amp = s.find('&', p);
                const std::size_t pieceEnd = amp == npos ? s.size() : amp;
                const std::size_t eq = s.find('=', p);
                if (eq != npos && eq < pieceEnd
                    && lowered(percentDecoded(std::string_view(s).substr(p, eq - p))) == "password") {
                    std::size_t end = pieceEnd;
                    while (end < s.size()) {
                        const std::size_t nextAmp = s.find('&', end + 1);
                        const std::size_t nextEnd = nextAmp == npos ? s.size() : nextAmp;
                        const std::size_t nextEq = s.find('=', end + 1);
                        if (nextEq != npos && nextEq < nextEnd)
                            break;
                        end = nextEnd;
                    }
                    if (end > eq + 1)
                        out.push_back({ eq + 1, end });
                    amp = end < s.size() ? end : npos;
                }
                if (amp == npos)
                    break;
                p = amp + 1;
            }
        }
    }
}

// Every form a password may take in a message: as written, unquoted, percent-decoded, and its pieces between blanks
// and URI delimiters of three characters or more; the longest first, so a piece never hides part of a whole.
std::vector<std::string> secretsOf(const std::string& conninfo, const std::string& password)
{
    std::vector<std::string> wholes;
    for (const SecretSpan& span : passwordSpans(conninfo)) {
        const std::string raw = conninfo.substr(span.begin, span.end - span.begin);
        wholes.push_back(raw);
        wholes.push_back(unescaped(raw));
        wholes.push_back(percentDecoded(raw));
    }
    if (!password.empty())
        wholes.push_back(password);
    std::vector<std::string> secrets;
    for (const std::string& whole : wholes) {
        if (whole.empty())
            continue;
        secrets.push_back(whole);
        std::string piece;
        for (std::size_t i = 0; i <= whole.size(); ++i) {
            const bool cut = i == whole.size() || isBlank(whole[i])
                || std::string_view("?/@&#:=").find(whole[i]) != std::string_view::npos;
            if (!cut) {
                piece += whole[i];
                continue;
            }
            if (piece.size() >= 3 && piece != whole)
                secrets.push_back(piece);
            piece.clear();
        }
    }
    std::sort(secrets.begin(), secrets.end(),
        [](const std::string& a, const std::string& b) { return a.size() != b.size() ? a.size() > b.size() : a < b; });
    secrets.erase(std::unique(secrets.begin(), secrets.end()), secrets.end());
    return secrets;
}

} // namespace

std::vector<SecretSpan> passwordSpans(const std::string& conninfo)
{
    std::vector<SecretSpan> spans;
    keywordSpans(conninfo, spans);
    uriSpans(conninfo, spans);
    std::sort(spans.begin(), spans.end(), [](const SecretSpan& a, const SecretSpan& b) { return a.begin < b.begin; });
    std::vector<SecretSpan> merged;
    for (const SecretSpan& span : spans) {
        if (span.end <= span.begin)
            continue;
        if (!merged.empty() && span.begin <= merged.back().end)
            merged.back().end = std::max(merged.back().end, span.end);
        else
            merged.push_back(span);
    }
    return merged;
}

bool conninfoCarriesPassword(const std::string& conninfo)
{
    return !passwordSpans(conninfo).empty();
}

std::string conninfoWithPasswordsMasked(const std::string& conninfo)
{
    std::string out = conninfo;
    const std::vector<SecretSpan> spans = passwordSpans(conninfo);
    for (auto it = spans.rbegin(); it != spans.rend(); ++it)
        out.replace(it->begin, it->end - it->begin, kMask);
    return out;
}

std::string redactPassword(std::string message, const std::string& conninfo, const std::string& password)
{
    const std::vector<std::string> secrets = secretsOf(conninfo, password);
    if (secrets.empty())
        return message;
    // libpq quotes the word it could not take ("missing "=" after "horse-XYZ""): a quoted fragment that is part of
    // a password goes whole, however short.
    for (std::size_t open = message.find('"'); open != npos;) {
        const std::size_t close = message.find('"', open + 1);
        if (close == npos)
            break;
        const std::string fragment = message.substr(open + 1, close - open - 1);
        const bool secret = !fragment.empty() && std::any_of(secrets.begin(), secrets.end(), [&](const std::string& s) {
            return s.find(fragment) != npos;
        });
        if (secret) {
            message.replace(open + 1, fragment.size(), kMask);
            open = message.find('"', open + 1 + kMask.size() + 1);
        } else {
            open = message.find('"', close + 1);
        }
    }
    for (const std::string& secret : secrets)
        for (auto pos = message.find(secret); pos != npos; pos = message.find(secret, pos + kMask.size()))
            message.replace(pos, secret.size(), kMask);
    return message;
}

} // namespace iw
