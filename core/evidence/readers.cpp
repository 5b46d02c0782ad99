// HAR, OTLP/JSON, JSON lines and combined logs into exchanges. JSON goes through simdjson (Debian's libsimdjson):
// On Demand for a log's lines (one pass over a line's members, no tree), the DOM for a HAR entry or an OTLP document.
#include "readers.h"

#include "evidenceinput.h"
#include "flatline.h"
#include "json.h"
#include "nametable.h"
#include "servedservice.h"
#include "structuredfield.h"

#include <simdjson.h>

#include <absl/container/flat_hash_map.h>

#include <QByteArray>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <deque>
#include <unordered_map>

namespace iw {

constexpr auto s_evidenceFormatNames = nameTable<EvidenceFormat>({
    { EvidenceFormat::Har, "har" },
    { EvidenceFormat::Otlp, "otlp" },
    { EvidenceFormat::JsonLines, "jsonl" },
    { EvidenceFormat::Combined, "combined" },
});

std::string_view evidenceFormatName(EvidenceFormat f)
{
    return nameOf(s_evidenceFormatNames, f);
}

std::optional<EvidenceFormat> evidenceFormatFromName(std::string_view n)
{
    return valueOf(s_evidenceFormatNames, n);
}

std::string spanIdHex(std::uint64_t id)
{
    static const char* hex = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i) {
        out[static_cast<std::size_t>(i)] = hex[id & 15];
        id >>= 4;
    }
    return out;
}

std::string describeRef(const EvidenceRef& ref, const std::vector<std::string>& files)
{
    const std::string file = ref.file < files.size() ? files[ref.file] : std::string("?");
    switch (ref.kind) {
    case EvidenceRef::Kind::Line:
        return file + ":" + std::to_string(ref.at);
    case EvidenceRef::Kind::HarEntry:
        return file + " entry " + std::to_string(ref.at);
    case EvidenceRef::Kind::Span:
        return file + " span " + spanIdHex(ref.at);
    case EvidenceRef::Kind::Row:
        return file + " record " + std::to_string(ref.at);
    }
    return file;
}

namespace evidence {

namespace {

// The views pathOf and queryOf copy: a target's path ("/" when it has none) and its query.
std::string_view pathView(std::string_view target)
{
    std::string_view t = target;
    // "scheme://host/…": a "://" that starts within the first ten bytes (the first one found, as find() would).
    for (std::size_t scheme = 0; scheme < 10 && scheme + 3 <= t.size(); ++scheme)
        if (t[scheme] == ':' && t[scheme + 1] == '/' && t[scheme + 2] == '/') {
            t.remove_prefix(scheme + 3);
            const std::size_t slash = t.find('/');
            t = slash == std::string_view::npos ? std::string_view("/") : t.substr(slash);
            break;
        }
    for (std::size_t i = 0; i < t.size(); ++i)
        if (t[i] == '?' || t[i] == '#') {
            t = t.substr(0, i);
            break;
        }
    return t.empty() ? std::string_view("/") : t;
}

std::string_view queryView(std::string_view target)
{
    const std::size_t q = target.find('?');
    if (q == std::string_view::npos)
        return {};
    std::string_view t = target.substr(q + 1);
    return t.substr(0, t.find('#'));
}

} // namespace

std::string pathOf(std::string_view target)
{
    return std::string(pathView(target));
}

std::string queryOf(std::string_view target)
{
    return std::string(queryView(target));
}

void assignTarget(std::string_view target, std::string& path, std::string& query)
{
    path.assign(pathView(target));
    query.assign(queryView(target));
}

std::string userAgentProduct(std::string_view ua)
{
    std::size_t end = 0;
    while (end < ua.size() && ua[end] != '/' && ua[end] != ' ')
        ++end;
    return std::string(ua.substr(0, end));
}

void applyKey(Exchange& x, std::string_view header, const ServicePolicy* policy)
{
    if (policy && policy->keySyntax == KeySyntax::Raw) {
        // As serve reads it under key_syntax raw: the text as sent, quotes included; the libraries read an empty
        // header as no key.
        while (!header.empty() && (header.front() == ' ' || header.front() == '\t'))
            header.remove_prefix(1);
        while (!header.empty() && (header.back() == ' ' || header.back() == '\t'))
            header.remove_suffix(1);
        if (header.empty()
            && (policy->profile == Profile::ExpressIdempotency || policy->profile == Profile::NodeIdempotency))
            return;
        x.key = std::string(header);
        x.keyUnreadable = std::any_of(header.begin(), header.end(), [](char c) {
            const auto u = static_cast<unsigned char>(c);
            return u < 0x20 || u == 0x7f;
        });
        return;
    }
    // The usual key, an sf-string of printable ASCII without escapes: its inside, as readKeyHeader reads it, written
    // into the exchange without a KeyHeader in between.
    std::string_view v = header;
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t'))
        v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t'))
        v.remove_suffix(1);
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"' && plainSfStringInside(v.substr(1, v.size() - 2))) {
        x.key.emplace(v.substr(1, v.size() - 2));
        x.keyUnreadable = false;
        return;
    }
    KeyHeader k = readKeyHeader(header);
    if (k.key) {
        x.key = std::move(*k.key);
        x.keyUnreadable = false;
    } else {
        x.key = std::string(header);
        x.keyUnreadable = true;
    }
}

std::string bodyFingerprint(std::string_view body, std::string_view contentType, const FingerprintSelection& sel)
{
    try {
        if (contentType.find("x-www-form-urlencoded") != std::string_view::npos) {
            std::string error;
            const auto form = formToJson(body, error);
            return form ? fingerprintOf(*form, sel).sha256 : std::string();
        }
        if (body.empty())
            return fingerprintOf(json::Value::makeObject(), sel).sha256;
        return fingerprintOf(json::parse(body), sel).sha256;
    } catch (const std::exception&) {
        return {};
    }
}

std::string requestFingerprintOf(
    const Exchange& x, std::string_view body, std::string_view contentType, const ReadOptions& options)
{
    if (!options.policy || options.policy->plainFingerprint())
        return bodyFingerprint(body, contentType, options.fingerprint);
    try {
        json::Value payload;
        if (contentType.find("x-www-form-urlencoded") != std::string_view::npos) {
            std::string error;
            auto form = formToJson(body, error);
            if (!form)
                return {};
            payload = std::move(*form);
        } else {
            payload = body.empty() ? json::Value::makeObject() : json::parse(body);
        }
        const std::string raw(body);
        return requestFingerprint(*options.policy, x.operation(), x.query, payload, &raw).sha256;
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace evidence

namespace {

using evidence::applyKey;
using evidence::bodyFingerprint;
using evidence::pathOf;
using evidence::queryOf;
using evidence::requestFingerprintOf;
using evidence::userAgentProduct;

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c + 32);
    return out;
}

bool iequals(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = static_cast<char>(x + 32);
        if (y >= 'A' && y <= 'Z')
            y = static_cast<char>(y + 32);
        if (x != y)
            return false;
    }
    return true;
}

void replaceInvalidUtf8(std::string& text)
{
    if (simdjson::validate_utf8(text.data(), text.size()))
        return;
    std::string clean;
    clean.reserve(text.size() + 8);
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n && i + n <= text.size() && simdjson::validate_utf8(text.data() + i, n)) {
            clean.append(text, i, n);
            i += n;
        } else {
            clean += "\xEF\xBF\xBD";
            ++i;
        }
    }
    text = std::move(clean);
}

std::optional<int> statusOf(std::string_view s)
{
    int v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    // 0 is "no answer" as proxies log it; anything else must be an HTTP status, which a scenario can replay.
    if (ec != std::errc() || p != s.data() + s.size() || (v != 0 && (v < 100 || v > 599)))
        return std::nullopt;
    return v;
}

// The actor as serve reads it: an authenticated user, else a hashed bearer token or a Basic user, else X-Actor.
void applyActor(Exchange& x, std::string_view user, std::string_view authorization, std::string_view xActor)
{
    if (!authorization.empty())
        if (const auto a = actorFromAuthorization(authorization)) {
            x.actor = *a;
            return;
        }
    if (!user.empty() && user != "-") {
        x.actor.assign(user);
        return;
    }
    if (!xActor.empty() && xActor != "-")
        x.actor.assign(xActor);
}

void applyClient(Exchange& x, std::string_view xClient, std::string_view userAgent)
{
    if (!xClient.empty() && xClient != "-") {
        x.client.assign(xClient);
        return;
    }
    // userAgentProduct's text, without a string in between.
    std::size_t product = 0;
    while (product < userAgent.size() && userAgent[product] != '/' && userAgent[product] != ' ')
        ++product;
    if (product > 0 && userAgent != "-")
        x.client.assign(userAgent.substr(0, product));
}

// ---------------------------------------------------------------------------------------------------------------
// JSON lines

class JsonLinesReader final : public EvidenceReader {
public:
    JsonLinesReader(std::unique_ptr<EvidenceInput> in, FieldMapping mapping, std::uint32_t file,
        const ReadOptions& options, EvidenceFileSummary& summary, ProblemLog& problems)
        : m_in(std::move(in))
        , m_map(std::move(mapping))
        , m_file(file)
        , m_options(options)
        , m_summary(summary)
        , m_problems(problems)
        , m_flat(m_map.flat())
    {
        m_in->setMaxLine(options.maxLine);
        if (m_flat)
            for (int f = 0; f < FieldMapping::FactCount; ++f)
                for (std::size_t i = 0; i < m_map.pointers[f].size(); ++i)
                    m_index.try_emplace(m_map.pointers[f][i].substr(1),
                        std::make_pair(static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(i)));
    }

    bool next(Exchange& out) override
    {
        // Lines of the known shape straight from the mapping: the scan finds each line's end itself.
        while (m_shapeReady && !m_options.exactJson) {
            const std::string_view ahead = m_in->mappedAhead(std::min(kShapedWindow, m_options.maxLine + 1));
            if (ahead.empty())
                break;
            const char* const end = ahead.data() + ahead.size();
            const char* const e = scanShaped(ahead.data(), end);
            // The line must end right after its object, within the bound a line may have.
            if (!e || e >= end || *e != '\n' || static_cast<std::size_t>(e - ahead.data()) > m_options.maxLine
                || !m_in->takeMapped(static_cast<std::size_t>(e - ahead.data()) + 1))
                break;
            ++m_summary.units;
            ++m_summary.plainLines;
            ++m_summary.shapedLines;
            const EvidenceRef ref { m_file, EvidenceRef::Kind::Line, m_in->lineNumber() };
            std::string why;
            if (build(ref, out, why)) {
                ++m_summary.exchanges;
                return true;
            }
            skip(ref, why);
        }
        std::string_view line;
        bool tooLong = false;
        while (m_in->nextLine(line, tooLong)) {
            ++m_summary.units;
            const EvidenceRef ref { m_file, EvidenceRef::Kind::Line, m_in->lineNumber() };
            if (tooLong) {
                skip(ref, "a line longer than " + std::to_string(m_options.maxLine >> 20) + " MiB");
                continue;
            }
            if (line.find_first_not_of(" \t") == std::string_view::npos)
                continue;
            std::string why;
            if (readLine(line, ref, out, why)) {
                ++m_summary.exchanges;
                return true;
            }
            skip(ref, why);
        }
        m_summary.bytes = m_in->bytesRead();
        if (!m_in->error().empty())
            m_failure = m_in->error();
        else if (m_summary.exchanges == 0 && m_summary.skipped > 0 && !m_part)
            m_failure = "no line of " + m_summary.path + " could be read as an access-log line";
        return false;
    }
    const std::string& failure() const override { return m_failure; }
    std::uint64_t bytesRead() const override { return m_in->bytesRead(); }
    EvidenceInput* lineInput() override { return m_in.get(); }

private:
    // One fact's value as text: a string's unescaped text, a number's literal, true/false, or a first array element.
    struct Got {
        bool present = false;
        std::uint8_t rank = 255;
        std::string_view text; // into the parser's strings (valid until the next line) or into `own`
        std::string own; // a number's or a boolean's text
    };

    void skip(const EvidenceRef& ref, std::string why)
    {
        ++m_summary.skipped;
        if (why.rfind("a timestamp without a zone", 0) == 0)
            ++m_summary.withoutZone;
        m_problems.add(ref, std::move(why));
    }

    // A value as text: a string's unescaped text (a view into the parser, valid until the next line), a number's
    // or a boolean's text written into `buf` (48 bytes), an array's first element; empty for null and objects.
    static std::string_view valueText(simdjson::dom::element v, char* buf)
    {
        int n = 0;
        switch (v.type()) {
        case simdjson::dom::element_type::STRING:
            return v.get_string().value_unsafe();
        case simdjson::dom::element_type::INT64:
            n = std::snprintf(buf, 48, "%lld", static_cast<long long>(v.get_int64().value_unsafe()));
            break;
        case simdjson::dom::element_type::UINT64:
            n = std::snprintf(buf, 48, "%llu", static_cast<unsigned long long>(v.get_uint64().value_unsafe()));
            break;
        case simdjson::dom::element_type::DOUBLE:
            n = std::snprintf(buf, 48, "%.6f", v.get_double().value_unsafe());
            break;
        case simdjson::dom::element_type::BOOL:
            return v.get_bool().value_unsafe() ? std::string_view("true") : std::string_view("false");
        case simdjson::dom::element_type::ARRAY: {
            const simdjson::dom::array a = v.get_array().value_unsafe();
            for (simdjson::dom::element e : a)
                return valueText(e, buf);
            return {};
        }
        default:
            return {};
        }
        return { buf, static_cast<std::size_t>(n > 0 && n < 48 ? n : 0) };
    }

    // Keeps a value: a view into the parser as it is, one written into a scratch buffer copied into `own`.
    static void keep(Got& g, std::string_view text, const char* buf)
    {
        if (!text.empty() && text.data() == buf) {
            g.own.assign(text);
            g.text = g.own;
        } else {
            g.text = text;
        }
    }

    // A member name's fact and rank; kNoFact: a name no fact reads.
    static constexpr std::uint8_t kNoFact = 255;
    struct FactRank {
        std::uint8_t fact = kNoFact;
        std::uint8_t rank = 255;
    };
    struct NameSlot {
        std::string name;
        char head[flatline::kReadPastEnd] {}; // a short name's bytes, zero-padded, for flatline::sameName
        FactRank what;
    };

    // The fact of the line's `k`th member called `name`. Lines of one log_format name the same members in the same
    // order, so the previous line's k-th name is compared first and the hash table asked only when it differs.
    FactRank slotFor(std::size_t k, std::string_view name)
    {
        constexpr std::size_t kShapeMembers = 64;
        if (k < m_shape.size() && flatline::sameName(name, m_shape[k].name, m_shape[k].head))
            return m_shape[k].what;
        FactRank s;
        if (const auto hit = m_index.find(absl::string_view(name.data(), name.size())); hit != m_index.end())
            s = { hit->second.first, hit->second.second };
        if (k < kShapeMembers) {
            if (k >= m_shape.size())
                m_shape.resize(k + 1);
            m_shape[k].name.assign(name);
            std::memset(m_shape[k].head, 0, sizeof m_shape[k].head);
            std::memcpy(m_shape[k].head, name.data(), std::min(name.size(), sizeof m_shape[k].head));
            m_shape[k].what = s;
            m_shapeChanged = true;
        }
        return s;
    }

    void resetGot()
    {
        for (Got& g : m_got) {
            g.present = false;
            g.rank = 255;
            g.text = {};
        }
    }

    // A member's value taken for its fact (a plain line's, read by either scan); false when the full parser must read
    // the line.
    [[gnu::always_inline]] bool take(FactRank s, const flatline::Value& v)
    {
        if (s.fact == kNoFact)
            return true;
        Got& g = m_got[s.fact];
        if (s.rank >= g.rank)
            return true;
        std::string_view text;
        switch (v.kind) {
        case flatline::Value::Kind::String:
            if (v.escaped) {
                flatline::unescape(v.raw, m_unescaped[s.fact]);
                text = m_unescaped[s.fact];
            } else {
                text = v.raw;
            }
            break;
        case flatline::Value::Kind::Number:
            if (!v.plainInteger)
                return false; // the full parser prints it back as it reads it ("%.6f")
            text = v.raw;
            break;
        case flatline::Value::Kind::True:
            text = "true";
            break;
        case flatline::Value::Kind::False:
            text = "false";
            break;
        case flatline::Value::Kind::Null:
            break;
        }
        if (blankCounts(s.fact, text))
            return true;
        g.present = true;
        g.rank = s.rank;
        g.text = text;
        return true;
    }

    // The line read by flatline::scan; false when it is not plain (or a value the facts need is not), and the full
    // parser must read it. A line it reads whole gives the shape the next lines are first tried against.
    bool readPlain(std::string_view line)
    {
        resetGot();
        std::size_t k = 0;
        const bool plain = flatline::scan(
            line, [&](std::string_view name, const flatline::Value& v) { return take(slotFor(k++, name), v); });
        if (plain && (m_shapeChanged || k != m_shaped.size()))
            learnShape(k);
        return plain;
    }

    // The members of the last plain line, in order, as the bytes a line of the same shape has before each value:
    // "name": — a name of the log_format is then recognised by one compare of those bytes where it must stand,
    // without reading it as a string, and the line's end found in the same pass (scanShaped).
    static constexpr std::size_t kShapedName = 32; // "name": at most this long (names of up to 29 bytes)
    static constexpr std::size_t kShapedWindow = 64u << 10; // longer lines are read the usual way
    struct ShapedMember {
        char head[kShapedName] {}; // "name": (and ',' before it after the first), zero-padded
        std::uint32_t size = 0;
        FactRank what;
    };
    void learnShape(std::size_t members)
    {
        m_shapeChanged = false;
        m_shaped.clear();
        m_shapeReady = false;
        for (std::size_t k = 0; k < members; ++k) {
            if (k >= m_shape.size())
                return;
            const std::string& name = m_shape[k].name;
            const std::size_t size = name.size() + 3 + (k > 0 ? 1 : 0);
            // Names that are long or not ASCII: the usual scan (it checks their UTF-8 with the line's).
            if (size > kShapedName
                || std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) > 0x7f; }))
                return;
            ShapedMember m;
            std::size_t at = 0;
            if (k > 0)
                m.head[at++] = ',';
            m.head[at++] = '"';
            std::memcpy(m.head + at, name.data(), name.size());
            at += name.size();
            m.head[at++] = '"';
            m.head[at++] = ':';
            m.size = static_cast<std::uint32_t>(at);
            m.what = m_shape[k].what;
            m_shaped.push_back(m);
        }
        m_shapeReady = true;
    }

    // Whether the bytes at `p` begin with the member's head (the bytes after `p` are readable: a line's padding).
    [[gnu::always_inline]] static bool startsWith(const char* p, const ShapedMember& m)
    {
#if defined(__SSE2__)
        const __m128i a0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i a1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
        const __m128i b0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(m.head));
        const __m128i b1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(m.head + 16));
        const std::uint32_t equal = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(a0, b0)))
            | static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(a1, b1))) << 16;
        const std::uint32_t wanted = m.size >= 32 ? 0xffffffffu : (1u << m.size) - 1u;
        return (equal & wanted) == wanted;
#else
        return std::memcmp(p, m.head, m.size) == 0;
#endif
    }

    // A line of the last plain line's shape — its members' names in the same order, written without spaces, each
    // value a plain scalar — read from `p` (the bytes up to `end`, and kReadPast more, readable): its facts taken as
    // readPlain takes them. Where its object ends (after its '}'); nullptr when the line is not of the shape, or a
    // value is not what the usual scan takes (then readPlain, or the full parser, reads it and says what it is).
    const char* scanShaped(const char* p, const char* end)
    {
        using namespace flatline::detail;
        const char* const begin = p;
        resetGot();
        if (p >= end || *p != '{')
            return nullptr;
        ++p;
        bool high = false;
        for (const ShapedMember& m : m_shaped) {
            if (static_cast<std::size_t>(end - p) <= m.size || !startsWith(p, m))
                return nullptr;
            p += m.size;
            flatline::Value v;
            switch (*p) {
            case '"':
                ++p;
                v.kind = flatline::Value::Kind::String;
                if (!string(p, end, v, high))
                    return nullptr;
                break;
            case 't':
                v.kind = flatline::Value::Kind::True;
                if (!literal(p, end, "true"))
                    return nullptr;
                break;
            case 'f':
                v.kind = flatline::Value::Kind::False;
                if (!literal(p, end, "false"))
                    return nullptr;
                break;
            case 'n':
                v.kind = flatline::Value::Kind::Null;
                if (!literal(p, end, "null"))
                    return nullptr;
                break;
            default:
                v.kind = flatline::Value::Kind::Number;
                if (!number(p, end, v))
                    return nullptr;
                break;
            }
            if (!take(m.what, v))
                return nullptr;
        }
        if (p >= end || *p != '}')
            return nullptr;
        ++p;
        if (high && !simdjson::validate_utf8(begin, static_cast<std::size_t>(p - begin)))
            return nullptr;
        return p;
    }

    bool readLine(std::string_view line, const EvidenceRef& ref, Exchange& out, std::string& why)
    {
        if (m_shapeReady && !m_options.exactJson
            && scanShaped(line.data(), line.data() + line.size()) == line.data() + line.size()) {
            ++m_summary.plainLines;
            ++m_summary.shapedLines;
            return build(ref, out, why);
        }
        if (m_flat && !m_options.exactJson && readPlain(line)) {
            ++m_summary.plainLines;
            return build(ref, out, why);
        }
        resetGot();
        // The line sits in the input's buffer with simdjson's padding readable after it: parsed in place.
        simdjson::dom::element doc;
        if (const auto err = m_parser.parse(line.data(), line.size(), false).get(doc)) {
            why = err == simdjson::UTF8_ERROR ? "not valid UTF-8"
                : err == simdjson::TAPE_ERROR || err == simdjson::INCOMPLETE_ARRAY_OR_OBJECT
                    || err == simdjson::UNCLOSED_STRING
                ? "truncated or malformed JSON"
                : std::string("not JSON (") + simdjson::error_message(err) + ")";
            return false;
        }
        simdjson::dom::object object;
        if (doc.get_object().get(object)) {
            why = "not a JSON object";
            return false;
        }
        if (m_flat) {
            // One pass over the line's members; a member's name finds its fact through a hash table.
            char buf[48];
            for (const simdjson::dom::key_value_pair field : object) {
                const auto hit = m_index.find(absl::string_view(field.key.data(), field.key.size()));
                if (hit == m_index.end())
                    continue;
                const auto [fact, rank] = hit->second;
                Got& g = m_got[fact];
                if (rank >= g.rank)
                    continue;
                const std::string_view text = valueText(field.value, buf);
                if (blankCounts(fact, text))
                    continue;
                g.present = true;
                g.rank = rank;
                keep(g, text, buf);
            }
        } else {
            // Nested pointers: one lookup per pointer (Caddy's request headers).
            for (int f = 0; f < FieldMapping::FactCount; ++f) {
                for (const std::string& pointer : m_map.pointers[f]) {
                    simdjson::dom::element v;
                    if (doc.at_pointer(pointer).get(v))
                        continue;
                    char buf[48];
                    const std::string_view text = valueText(v, buf);
                    if (blankCounts(f, text))
                        continue;
                    Got& g = m_got[f];
                    g.present = true;
                    keep(g, text, buf);
                    break;
                }
            }
        }
        return build(ref, out, why);
    }

    // An empty or "-" value says nothing for most facts (a header nginx did not see), so a later pointer may still
    // fill it; for the replay marker and the status it is an answer ("not a replay", "no status").
    static bool blankCounts(int fact, std::string_view text)
    {
        return (text.empty() || text == "-") && fact != FieldMapping::Replayed && fact != FieldMapping::Status
            && fact != FieldMapping::ResponseHeaders && fact != FieldMapping::UpstreamBytes;
    }

    std::string_view text(int f) const
    {
        return m_got[f].text;
    }
    std::string textCopy(int f) const
    {
        return std::string(m_got[f].text);
    }
    bool present(int f) const
    {
        return m_got[f].present;
    }

    bool build(const EvidenceRef& ref, Exchange& x, std::string& why)
    {
        x.clear();
        x.ref = ref;
        if (!present(FieldMapping::Time) || text(FieldMapping::Time).empty()) {
            why = "no timestamp (" + pointerList(FieldMapping::Time) + ")";
            return false;
        }
        const ParsedTime t = parseTimestamp(text(FieldMapping::Time), m_map.timeFormat, m_options.assumeUtc);
        if (t.status == ParsedTime::Status::NoZone) {
            why = "a timestamp without a zone (\"" + textCopy(FieldMapping::Time)
                + "\"); give --assume-utc to read such times as UTC";
            return false;
        }
        if (t.status == ParsedTime::Status::Invalid) {
            why = "a timestamp that does not parse (\"" + textCopy(FieldMapping::Time) + "\")";
            return false;
        }
        std::optional<Millis> duration;
        if (present(FieldMapping::Duration) && !text(FieldMapping::Duration).empty()
            && text(FieldMapping::Duration) != "-") {
            const TimeFormat unit = m_map.durationUnit == FieldMapping::Unit::Seconds ? TimeFormat::EpochS
                : m_map.durationUnit == FieldMapping::Unit::Milliseconds              ? TimeFormat::EpochMs
                                                                                      : TimeFormat::EpochUs;
            duration = parseEpoch(text(FieldMapping::Duration), unit);
            if (!duration) {
                why = "a duration that does not parse (\"" + textCopy(FieldMapping::Duration) + "\")";
                return false;
            }
        }
        if (m_map.timeIsStart) {
            x.startMs = t.ms;
            if (duration)
                x.endMs = t.ms + *duration;
        } else {
            x.startMs = duration ? t.ms - *duration : t.ms;
            x.endMs = t.ms;
        }
        if (present(FieldMapping::Method) && !text(FieldMapping::Method).empty()) {
            x.method = text(FieldMapping::Method);
            const std::string_view target = present(FieldMapping::Path) ? text(FieldMapping::Path) : std::string_view();
            evidence::assignTarget(target, x.path, x.query);
        }
        if ((x.method.empty() || !present(FieldMapping::Path)) && present(FieldMapping::RequestLine)) {
            const std::string_view r = text(FieldMapping::RequestLine);
            const std::size_t sp = r.find(' ');
            if (sp != std::string::npos) {
                x.method = r.substr(0, sp);
                const std::size_t sp2 = r.find(' ', sp + 1);
                const std::string_view target
                    = r.substr(sp + 1, sp2 == std::string::npos ? std::string::npos : sp2 - sp - 1);
                x.path = pathOf(target);
                x.query = queryOf(target);
            }
        }
        if (x.method.empty()) {
            why = "no request method";
            return false;
        }
        if (!present(FieldMapping::Status)) {
            why = "no status (" + pointerList(FieldMapping::Status) + ")";
            return false;
        }
        const std::string_view st = text(FieldMapping::Status);
        if (!st.empty() && st != "-") {
            const auto s = statusOf(st);
            if (!s) {
                why = "a status that is not an HTTP status (\"" + std::string(st) + "\")";
                return false;
            }
            x.status = *s;
        }
        if (x.status && *x.status == 0)
            x.status.reset();
        if (x.status && m_map.clientClosedStatus > 0 && *x.status == m_map.clientClosedStatus) {
            x.status.reset();
            x.clientGaveUp = true;
        }
        if (present(FieldMapping::Flags)) {
            const std::string_view flags = text(FieldMapping::Flags);
            if (flags.find("DC") != std::string::npos)
                x.clientGaveUp = true;
            if (flags.find("UC") != std::string::npos || flags.find("UT") != std::string::npos
                || flags.find("DC") != std::string::npos)
                x.status.reset();
        }
        // The proxy answered itself (502/504) because the service sent nothing.
        if (present(FieldMapping::UpstreamBytes) && x.status && *x.status >= 500) {
            const std::string_view b = text(FieldMapping::UpstreamBytes);
            if (b == "0" || b == "-" || b.empty())
                x.status.reset();
        }
        if (present(FieldMapping::Key)) {
            const std::string_view k = text(FieldMapping::Key);
            if (!k.empty() && k != "-")
                applyKey(x, k, m_options.policy ? &*m_options.policy : nullptr);
        }
        applyActor(x, text(FieldMapping::Actor), text(FieldMapping::Authorization), {});
        applyClient(x, text(FieldMapping::Client), text(FieldMapping::UserAgent));
        if (present(FieldMapping::Replayed))
            x.replayed = iequals(text(FieldMapping::Replayed), "true") ? Tri::Yes : Tri::No;
        else if (present(FieldMapping::ResponseHeaders))
            x.replayed = Tri::No;
        if (present(FieldMapping::Decision) && !text(FieldMapping::Decision).empty()
            && text(FieldMapping::Decision) != "-")
            x.decision = textCopy(FieldMapping::Decision);
        if (present(FieldMapping::RequestBody)) {
            const std::string_view body = text(FieldMapping::RequestBody);
            if (!body.empty() && body != "-") {
                x.fingerprint = requestFingerprintOf(x, body, "application/json", m_options);
                if (x.fingerprint.empty())
                    ++m_summary.bodiesUnread;
                if (m_options.keepBodies)
                    x.body = body;
            }
        }
        return true;
    }

    std::string pointerList(int f) const
    {
        std::string out;
        for (const std::string& p : m_map.pointers[f])
            out += (out.empty() ? "" : ", ") + p;
        return out.empty() ? std::string("not mapped") : out;
    }

    std::unique_ptr<EvidenceInput> m_in;
    FieldMapping m_map;
    std::uint32_t m_file;
    const ReadOptions& m_options;
    EvidenceFileSummary& m_summary;
    ProblemLog& m_problems;
    bool m_flat;
    absl::flat_hash_map<std::string, std::pair<std::uint8_t, std::uint8_t>> m_index; // name → (fact, rank)
    Got m_got[FieldMapping::FactCount];
    std::string m_unescaped[FieldMapping::FactCount]; // a plain line's escaped strings, undone
    std::vector<NameSlot> m_shape; // the previous plain line's member names, in order
    bool m_shapeChanged = false; // m_shape was rewritten since m_shaped was learnt from it
    bool m_shapeReady = false; // m_shaped holds the last plain line's shape
    std::vector<ShapedMember> m_shaped;
    simdjson::dom::parser m_parser;
    std::string m_failure;
};

// ---------------------------------------------------------------------------------------------------------------
// Combined log format with the key appended: host ident user [time] "request" status bytes "referer" "agent" "key"

class CombinedReader final : public EvidenceReader {
public:
    CombinedReader(std::unique_ptr<EvidenceInput> in, std::uint32_t file, const ReadOptions& options,
        EvidenceFileSummary& summary, ProblemLog& problems)
        : m_in(std::move(in))
        , m_file(file)
        , m_options(options)
        , m_summary(summary)
        , m_problems(problems)
    {
        m_in->setMaxLine(options.maxLine);
    }

    bool next(Exchange& out) override
    {
        std::string_view line;
        bool tooLong = false;
        while (m_in->nextLine(line, tooLong)) {
            ++m_summary.units;
            const EvidenceRef ref { m_file, EvidenceRef::Kind::Line, m_in->lineNumber() };
            if (tooLong) {
                skip(ref, "a line longer than " + std::to_string(m_options.maxLine >> 20) + " MiB");
                continue;
            }
            if (line.find_first_not_of(" \t") == std::string_view::npos)
                continue;
            std::string why;
            if (parse(line, ref, out, why)) {
                ++m_summary.exchanges;
                return true;
            }
            skip(ref, why);
        }
        m_summary.bytes = m_in->bytesRead();
        if (!m_in->error().empty())
            m_failure = m_in->error();
        else if (m_summary.exchanges == 0 && m_summary.skipped > 0 && !m_part)
            m_failure = "no line of " + m_summary.path + " could be read as a combined log line";
        return false;
    }
    const std::string& failure() const override { return m_failure; }
    std::uint64_t bytesRead() const override { return m_in->bytesRead(); }
    EvidenceInput* lineInput() override { return m_in.get(); }

    // The fields of a line: bare words, [bracketed] and "quoted" (with \" and \xHH escapes).
    static bool fields(std::string_view line, std::vector<std::string>& out)
    {
        out.clear();
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && line[i] == ' ')
                ++i;
            if (i >= line.size())
                break;
            std::string f;
            if (line[i] == '"') {
                ++i;
                bool closed = false;
                while (i < line.size()) {
                    const char c = line[i];
                    if (c == '\\' && i + 1 < line.size()) {
                        const char n = line[i + 1];
                        if (n == 'x' && i + 3 < line.size() && json::hexValue(line[i + 2]) >= 0
                            && json::hexValue(line[i + 3]) >= 0) {
                            f += static_cast<char>(json::hexValue(line[i + 2]) * 16 + json::hexValue(line[i + 3]));
                            i += 4;
                        } else {
                            f += n;
                            i += 2;
                        }
                        continue;
                    }
                    if (c == '"') {
                        closed = true;
                        ++i;
                        break;
                    }
                    f += c;
                    ++i;
                }
                if (!closed)
                    return false;
            } else if (line[i] == '[') {
                const std::size_t end = line.find(']', i);
                if (end == std::string_view::npos)
                    return false;
                f.assign(line.substr(i + 1, end - i - 1));
                i = end + 1;
            } else {
                const std::size_t end = std::min(line.find(' ', i), line.size());
                f.assign(line.substr(i, end - i));
                i = end;
            }
            out.push_back(std::move(f));
        }
        return true;
    }

private:
    void skip(const EvidenceRef& ref, std::string why)
    {
        ++m_summary.skipped;
        if (why.rfind("a timestamp without a zone", 0) == 0)
            ++m_summary.withoutZone;
        m_problems.add(ref, std::move(why));
    }

    bool parse(std::string_view line, const EvidenceRef& ref, Exchange& x, std::string& why)
    {
        x.clear();
        x.ref = ref;
        if (!fields(line, m_fields) || m_fields.size() < 7) {
            why = "not a combined log line (host ident user [time] \"request\" status bytes …)";
            return false;
        }
        const ParsedTime t = parseTimestamp(m_fields[3], TimeFormat::Clf, m_options.assumeUtc);
        if (t.status == ParsedTime::Status::NoZone) {
            why = "a timestamp without a zone (\"" + m_fields[3] + "\"); give --assume-utc to read such times as UTC";
            return false;
        }
        if (t.status != ParsedTime::Status::Ok) {
            why = "a timestamp that does not parse (\"" + m_fields[3] + "\")";
            return false;
        }
        x.startMs = t.ms;
        const std::string& request = m_fields[4];
        const std::size_t sp = request.find(' ');
        if (sp == std::string::npos) {
            why = "a request line without a method and a path (\"" + request + "\")";
            return false;
        }
        x.method = request.substr(0, sp);
        const std::size_t sp2 = request.find(' ', sp + 1);
        const std::string_view target
            = std::string_view(request).substr(sp + 1, sp2 == std::string::npos ? std::string::npos : sp2 - sp - 1);
        x.path = pathOf(target);
        x.query = queryOf(target);
        const auto status = statusOf(m_fields[5]);
        if (!status) {
            why = "a status that is not an HTTP status (\"" + m_fields[5] + "\")";
            return false;
        }
        if (*status == 499) {
            x.clientGaveUp = true;
        } else if (*status != 0) {
            x.status = *status;
        }
        applyActor(x, m_fields[2], {}, {});
        if (m_fields.size() > 8)
            applyClient(x, {}, m_fields[8]);
        if (m_fields.size() > 9) {
            const std::string& k = m_fields.back();
            if (!k.empty() && k != "-")
                applyKey(x, k, m_options.policy ? &*m_options.policy : nullptr);
        }
        // A combined line is bytes (with \xHH escapes), not JSON: what is not UTF-8 is replaced (U+FFFD), so every
        // output that names it stays text. A key that is not UTF-8 is no key at all (serve would refuse it).
        for (std::string* text : { &x.method, &x.path, &x.actor, &x.client })
            replaceInvalidUtf8(*text);
        if (x.key && !simdjson::validate_utf8(x.key->data(), x.key->size())) {
            replaceInvalidUtf8(*x.key);
            x.keyUnreadable = true;
        }
        return true;
    }

    std::unique_ptr<EvidenceInput> m_in;
    std::uint32_t m_file;
    const ReadOptions& m_options;
    EvidenceFileSummary& m_summary;
    ProblemLog& m_problems;
    std::vector<std::string> m_fields;
    std::string m_failure;
};

// ---------------------------------------------------------------------------------------------------------------
// Documents read whole (HAR, OTLP): their exchanges are collected, then handed out in time order.

class CollectedReader final : public EvidenceReader {
public:
    bool next(Exchange& out) override
    {
        if (m_next >= m_exchanges.size())
            return false;
        out = std::move(m_exchanges[m_next++]);
        return true;
    }
    const std::string& failure() const override { return m_failure; }
    std::uint64_t bytesRead() const override { return m_bytes; }
    std::uint64_t m_bytes = 0; // the document's size: read whole before the first exchange
    std::vector<Exchange> m_exchanges;
    std::size_t m_next = 0;
    std::string m_failure;
};

std::string_view domString(simdjson::dom::element e, std::string_view key)
{
    std::string_view s;
    if (e[key].get_string().get(s))
        return {};
    return s;
}

// The value of a HAR header list's field, case-insensitively; `present` tells a missing one from an empty one.
std::string_view harHeader(simdjson::dom::element headers, std::string_view name, bool* present = nullptr)
{
    simdjson::dom::array list;
    if (present)
        *present = false;
    if (headers.get_array().get(list))
        return {};
    for (simdjson::dom::element h : list) {
        if (iequals(domString(h, "name"), name)) {
            if (present)
                *present = true;
            return domString(h, "value");
        }
    }
    return {};
}

// Splits a HAR's "entries" array into the text of each entry, so one entry cut short (a file truncated mid-entry)
// costs only itself. Returns false when there is no entries array at all.
bool harEntryTexts(std::string_view doc, std::vector<std::string_view>& entries, bool& cut,
    const std::function<bool(std::uint64_t)>& keepReading, bool& cancelled)
{
    cut = false;
    cancelled = false;
    const std::size_t key = doc.find("\"entries\"");
    if (key == std::string_view::npos)
        return false;
    std::size_t i = doc.find_first_not_of(" \t\r\n", key + 9);
    if (i == std::string_view::npos || doc[i] != ':')
        return false;
    i = doc.find_first_not_of(" \t\r\n", i + 1);
    if (i == std::string_view::npos || doc[i] != '[')
        return false;
    ++i;
    for (;;) {
        i = doc.find_first_not_of(" \t\r\n,", i);
        if (i == std::string_view::npos) {
            cut = true;
            return true;
        }
        if (doc[i] == ']')
            return true;
        if (doc[i] != '{') {
            cut = true;
            return true;
        }
        const std::size_t start = i;
        int depth = 0;
        bool inString = false;
        for (; i < doc.size(); ++i) {
            const char c = doc[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0)
                    break;
            }
        }
        if (i >= doc.size()) {
            entries.push_back(doc.substr(start));
            cut = true;
            return true;
        }
        entries.push_back(doc.substr(start, i + 1 - start));
        ++i;
        if ((entries.size() & 1023) == 0 && keepReading && !keepReading(doc.size())) {
            cancelled = true;
            return true;
        }
    }
}

std::string base64Decoded(std::string_view text, bool& ok)
{
    const auto decoded = QByteArray::fromBase64Encoding(
        QByteArray(text.data(), static_cast<qsizetype>(text.size())), QByteArray::AbortOnBase64DecodingErrors);
    ok = static_cast<bool>(decoded);
    return ok ? decoded.decoded.toStdString() : std::string();
}

std::unique_ptr<EvidenceReader> readHar(std::string_view doc, std::uint32_t file, const ReadOptions& options,
    EvidenceFileSummary& summary, ProblemLog& problems, std::string& error)
{
    std::vector<std::string_view> texts;
    bool cut = false;
    bool cancelled = false;
    if (doc.find("\"log\"") == std::string_view::npos
        || !harEntryTexts(doc, texts, cut, options.keepReading, cancelled)) {
        error = summary.path + ": not a HAR file: expected {\"log\": {\"version\": \"1.2\", \"entries\": [...]}}";
        return nullptr;
    }
    if (cancelled) {
        error = summary.path + ": reading was cancelled";
        return nullptr;
    }
    auto reader = std::make_unique<CollectedReader>();
    reader->m_bytes = doc.size();
    simdjson::dom::parser parser;
    for (std::size_t n = 0; n < texts.size(); ++n) {
        if (n > 0 && (n & 255) == 0 && options.keepReading && !options.keepReading(doc.size())) {
            error = summary.path + ": reading was cancelled";
            return nullptr;
        }
        ++summary.units;
        const EvidenceRef ref { file, EvidenceRef::Kind::HarEntry, n };
        const auto skip = [&](std::string why) {
            ++summary.skipped;
            problems.add(ref, std::move(why));
        };
        if (cut && n + 1 == texts.size()) {
            skip("an entry cut short (the file ends inside it)");
            continue;
        }
        simdjson::dom::element e;
        if (parser.parse(texts[n].data(), texts[n].size()).get(e)) {
            skip("an entry that is not valid JSON");
            continue;
        }
        simdjson::dom::element request, response;
        if (e["request"].get(request) || e["response"].get(response)) {
            skip("an entry without request or response");
            continue;
        }
        Exchange x;
        x.ref = ref;
        const std::string_view started = domString(e, "startedDateTime");
        const ParsedTime t = parseTimestamp(started, TimeFormat::Iso8601, options.assumeUtc);
        if (t.status == ParsedTime::Status::NoZone) {
            ++summary.withoutZone;
            skip("a startedDateTime without a zone (\"" + std::string(started)
                + "\"); give --assume-utc to read such times as UTC");
            continue;
        }
        if (t.status != ParsedTime::Status::Ok) {
            skip("a startedDateTime that does not parse (\"" + std::string(started) + "\")");
            continue;
        }
        x.startMs = t.ms;
        double total = -1;
        if (!e["time"].get_double().get(total) && total >= 0)
            x.endMs = x.startMs + static_cast<Millis>(total + 0.5);
        x.method = std::string(domString(request, "method"));
        x.path = pathOf(domString(request, "url"));
        x.query = queryOf(domString(request, "url"));
        if (x.method.empty()) {
            skip("an entry without a request method");
            continue;
        }
        simdjson::dom::element reqHeaders, respHeaders;
        const bool noRequestHeaders = request["headers"].get(reqHeaders) != simdjson::SUCCESS;
        const bool noResponseHeaders = response["headers"].get(respHeaders) != simdjson::SUCCESS;
        bool keyPresent = false;
        const std::string_view key
            = noRequestHeaders ? std::string_view() : harHeader(reqHeaders, options.keyHeader, &keyPresent);
        if (keyPresent)
            applyKey(x, key, options.policy ? &*options.policy : nullptr);
        if (!noRequestHeaders) {
            applyActor(x, {}, harHeader(reqHeaders, "Authorization"), harHeader(reqHeaders, "X-Actor"));
            applyClient(x, harHeader(reqHeaders, "X-Client"), harHeader(reqHeaders, "User-Agent"));
        }
        std::int64_t status = 0;
        if (!response["status"].get_int64().get(status) && status != 0 && (status < 100 || status > 599)) {
            skip("a response status that is not an HTTP status (" + std::to_string(status) + ")");
            continue;
        }
        if (status > 0)
            x.status = static_cast<int>(status);
        if (!x.status) {
            const std::string_view err = domString(e, "_error");
            x.clientGaveUp
                = err.find("ABORTED") != std::string_view::npos || err.find("TIMED_OUT") != std::string_view::npos;
        }
        if (!noResponseHeaders) {
            bool replayPresent = false;
            const std::string_view replay = harHeader(respHeaders, "Idempotent-Replayed", &replayPresent);
            x.replayed = replayPresent && iequals(replay, "true") ? Tri::Yes : Tri::No;
            bool decisionPresent = false;
            const std::string_view decision = harHeader(respHeaders, "Idempotency-Decision", &decisionPresent);
            if (decisionPresent && !decision.empty())
                x.decision = std::string(decision);
        }
        if (!x.status)
            x.replayed = Tri::Unknown;
        // The request body: postData.text (an "encoding": "base64" some tools add is decoded first).
        simdjson::dom::element post;
        if (!request["postData"].get(post)) {
            std::string body(domString(post, "text"));
            bool ok = true;
            if (domString(post, "encoding") == "base64")
                body = base64Decoded(body, ok);
            const std::string_view mime = domString(post, "mimeType");
            x.fingerprint = ok ? requestFingerprintOf(x, body, mime, options) : std::string();
            if (x.fingerprint.empty())
                ++summary.bodiesUnread;
            if (options.keepBodies && ok)
                x.body = std::move(body);
        } else if (x.method != "GET" && x.method != "HEAD") {
            x.fingerprint = requestFingerprintOf(x, {}, {}, options);
        }
        simdjson::dom::element content;
        if (x.status && !response["content"].get(content)) {
            simdjson::dom::element textElement;
            if (!content["text"].get(textElement)) {
                std::string_view text;
                if (!textElement.get_string().get(text)) {
                    bool ok = true;
                    const std::string bytes
                        = domString(content, "encoding") == "base64" ? base64Decoded(text, ok) : std::string(text);
                    if (ok)
                        x.responseHash = sha256Hex(bytes);
                }
            }
        }
        ++summary.exchanges;
        reader->m_exchanges.push_back(std::move(x));
    }
    if (reader->m_exchanges.empty() && summary.skipped > 0)
        reader->m_failure = "no entry of " + summary.path + " could be read";
    std::stable_sort(reader->m_exchanges.begin(), reader->m_exchanges.end(),
        [](const Exchange& a, const Exchange& b) { return a.startMs < b.startMs; });
    return reader;
}

// OTLP attribute values: {"stringValue": …} | {"intValue": "201"} | {"arrayValue": {"values": [{…}]}}.
std::string attributeText(simdjson::dom::element value)
{
    std::string_view s;
    if (!value["stringValue"].get_string().get(s))
        return std::string(s);
    simdjson::dom::element i;
    if (!value["intValue"].get(i)) {
        if (!i.get_string().get(s))
            return std::string(s);
        std::int64_t n = 0;
        if (!i.get_int64().get(n))
            return std::to_string(n);
    }
    simdjson::dom::element arrayValue;
    simdjson::dom::array values;
    if (!value["arrayValue"].get(arrayValue) && !arrayValue["values"].get_array().get(values))
        for (simdjson::dom::element v : values)
            return attributeText(v);
    bool b = false;
    if (!value["boolValue"].get_bool().get(b))
        return b ? "true" : "false";
    return {};
}

std::uint64_t spanIdOf(std::string_view hex)
{
    std::uint64_t id = 0;
    if (hex.size() != 16)
        return 0;
    for (const char c : hex) {
        const int v = json::hexValue(c);
        if (v < 0)
            return 0;
        id = id << 4 | static_cast<unsigned>(v);
    }
    return id;
}

std::optional<Millis> nanosMs(simdjson::dom::element e)
{
    std::string_view s;
    if (!e.get_string().get(s))
        return parseEpoch(s, TimeFormat::EpochNs);
    std::uint64_t n = 0;
    if (!e.get_uint64().get(n))
        return static_cast<Millis>(n / 1'000'000);
    return std::nullopt;
}

struct OtlpSpan {
    std::uint64_t id = 0;
    std::uint64_t parent = 0;
    int exchange = -1; // a server span's exchange
    std::string query; // a database span's statement
    bool clientWithoutAnswer = false; // a client span (an upstream call) that got no HTTP status
    bool client = false;
};

// What the spans of one OTLP file are read into.
struct OtlpContext {
    std::uint32_t file = 0;
    const ReadOptions& options;
    EvidenceFileSummary& summary;
    ProblemLog& problems;
    std::vector<Exchange>& out;
    std::unordered_map<std::uint64_t, OtlpSpan>& spans;
    std::string keyAttribute;
    bool replayHeaderCaptured = false;
    bool cancelled = false;
    std::uint64_t spansRead = 0;
    std::uint64_t documentBytes = 0; // the document's size: all read before its spans are
    // Asked every 256 spans: false cancels.
    bool keepReading()
    {
        if ((++spansRead & 255) == 0 && options.keepReading && !options.keepReading(documentBytes))
            cancelled = true;
        return !cancelled;
    }
};

void readOtlpSpan(simdjson::dom::element span, OtlpContext& c)
{
    const ReadOptions& options = c.options;
    EvidenceFileSummary& summary = c.summary;
    ProblemLog& problems = c.problems;
    std::vector<Exchange>& out = c.out;
    std::unordered_map<std::uint64_t, OtlpSpan>& spans = c.spans;
    const std::string& keyAttribute = c.keyAttribute;
    ++summary.units;
    OtlpSpan s;
    s.id = spanIdOf(domString(span, "spanId"));
    s.parent = spanIdOf(domString(span, "parentSpanId"));
    const EvidenceRef ref { c.file, EvidenceRef::Kind::Span, s.id };
    std::int64_t kindNumber = 0;
    std::string_view kindName;
    const bool server = (!span["kind"].get_int64().get(kindNumber) && kindNumber == 2)
        || (!span["kind"].get_string().get(kindName) && kindName == "SPAN_KIND_SERVER");
    std::unordered_map<std::string, std::string> attrs;
    simdjson::dom::array attributes;
    if (!span["attributes"].get_array().get(attributes))
        for (simdjson::dom::element a : attributes) {
            simdjson::dom::element v;
            if (!a["value"].get(v))
                attrs.emplace(std::string(domString(a, "key")), attributeText(v));
        }
    const auto attr = [&](std::initializer_list<const char*> names) -> const std::string* {
        for (const char* n : names)
            if (auto it = attrs.find(n); it != attrs.end())
                return &it->second;
        return nullptr;
    };
    if (const std::string* q = attr({ "db.query.text", "db.statement" }); q && attr({ "db.system" }))
        s.query = *q;
    std::int64_t clientKind = 0;
    if ((!span["kind"].get_int64().get(clientKind) && clientKind == 3)
        || (!span["kind"].get_string().get(kindName) && kindName == "SPAN_KIND_CLIENT")) {
        s.client = attr({ "http.request.method", "http.method" }) != nullptr;
        s.clientWithoutAnswer = s.client && !attr({ "http.response.status_code", "http.status_code" });
    }
    if (server) {
        const std::string* method = attr({ "http.request.method", "http.method" });
        if (!method) {
            ++summary.skipped;
            problems.add(ref, "a server span without http.request.method");
            spans[s.id] = std::move(s);
            return;
        }
        simdjson::dom::element startElement, endElement;
        const auto start = span["startTimeUnixNano"].get(startElement) ? std::nullopt : nanosMs(startElement);
        if (!start) {
            ++summary.skipped;
            problems.add(ref, "a server span without startTimeUnixNano");
            spans[s.id] = std::move(s);
            return;
        }
        Exchange x;
        x.ref = ref;
        x.startMs = *start;
        if (!span["endTimeUnixNano"].get(endElement))
            x.endMs = nanosMs(endElement);
        x.method = *method;
        if (const std::string* p = attr({ "url.path", "http.target", "http.route" })) {
            x.path = pathOf(*p);
            x.query = queryOf(*p);
        } else {
            x.path = "/";
        }
        if (const std::string* q = attr({ "url.query" }))
            x.query = *q;
        if (const std::string* st = attr({ "http.response.status_code", "http.status_code" })) {
            const auto status = statusOf(*st);
            if (!status) {
                ++summary.skipped;
                problems.add(ref, "a server span whose status is not an HTTP status (\"" + *st + "\")");
                spans[s.id] = std::move(s);
                return;
            }
            if (*status > 0)
                x.status = *status;
        }
        if (const std::string* k = attrs.count(keyAttribute) ? &attrs[keyAttribute] : nullptr)
            applyKey(x, *k, options.policy ? &*options.policy : nullptr);
        const std::string* user = attr({ "enduser.id" });
        const std::string* xActor = attr({ "http.request.header.x-actor" });
        applyActor(x, user ? *user : std::string_view(), {}, xActor ? *xActor : std::string_view());
        const std::string* xClient = attr({ "http.request.header.x-client" });
        const std::string* ua = attr({ "user_agent.original", "http.user_agent" });
        applyClient(x, xClient ? *xClient : std::string_view(), ua ? *ua : std::string_view());
        if (const std::string* r = attr({ "http.response.header.idempotent-replayed" })) {
            x.replayed = iequals(*r, "true") ? Tri::Yes : Tri::No;
            c.replayHeaderCaptured = true;
        }
        if (const std::string* d = attr({ "http.response.header.idempotency-decision" }))
            x.decision = *d;
        s.exchange = static_cast<int>(out.size());
        ++summary.exchanges;
        out.push_back(std::move(x));
    }
    spans[s.id] = std::move(s);
}

// The spans of one OTLP/JSON document ({"resourceSpans": …}, parsed whole); false when it is no such document.
// Stops early when cancelled (c.cancelled).
bool readOtlpDocument(simdjson::dom::element root, OtlpContext& c)
{
    simdjson::dom::array resources;
    if (root["resourceSpans"].get_array().get(resources))
        return false;
    for (simdjson::dom::element rs : resources) {
        simdjson::dom::array scopes;
        if (rs["scopeSpans"].get_array().get(scopes) && rs["instrumentationLibrarySpans"].get_array().get(scopes))
            continue;
        for (simdjson::dom::element ss : scopes) {
            simdjson::dom::array list;
            if (ss["spans"].get_array().get(list))
                continue;
            for (simdjson::dom::element span : list) {
                readOtlpSpan(span, c);
                if (!c.keepReading())
                    return true;
            }
        }
    }
    return true;
}

// An OTLP/JSON document read a span at a time: its containers (the object, resourceSpans[], their scopeSpans[] or
// instrumentationLibrarySpans[], their spans[]) are walked here, every other value — each span, each resource and
// scope — is parsed on its own, so a document of a gigabyte never becomes one tree, and reading it can be cancelled
// between spans. The walk gives up (false, nothing read) on anything it does not expect — an escaped or repeated
// member name among the containers, a container that is not an array of objects, a second document after the
// first, text that is no JSON — and the document is then parsed whole, which reads it or words what is wrong
// (ReadOptions::exactJson always parses it whole: the reference this walk is checked against).
class OtlpSplitter {
public:
    OtlpSplitter(std::string_view doc, simdjson::dom::parser& parser, OtlpContext& c)
        : m_doc(doc)
        , m_parser(parser)
        , m_c(c)
    {
    }

    bool read()
    {
        space();
        if (m_i >= m_doc.size() || m_doc[m_i] != '{' || !object(0) || !m_resourceSpans)
            return false;
        space();
        return m_i == m_doc.size() || m_c.cancelled;
    }

private:
    void space()
    {
        while (
            m_i < m_doc.size() && (m_doc[m_i] == ' ' || m_doc[m_i] == '\n' || m_doc[m_i] == '\r' || m_doc[m_i] == '\t'))
            ++m_i;
    }
    bool at(char c) const { return m_i < m_doc.size() && m_doc[m_i] == c; }

    // A member name without escapes, valid UTF-8 and without control characters.
    bool name(std::string_view& out)
    {
        if (!at('"'))
            return false;
        const std::size_t start = ++m_i;
        while (m_i < m_doc.size() && m_doc[m_i] != '"') {
            const auto c = static_cast<unsigned char>(m_doc[m_i]);
            if (c == '\\' || c < 0x20)
                return false;
            ++m_i;
        }
        if (m_i >= m_doc.size())
            return false;
        out = m_doc.substr(start, m_i - start);
        ++m_i;
        return simdjson::validate_utf8(out.data(), out.size());
    }

    // The end of the value starting at m_i: strings and brackets matched (its validity is the parser's).
    bool valueEnd(std::size_t& end) const
    {
        std::size_t i = m_i;
        if (i >= m_doc.size())
            return false;
        const char first = m_doc[i];
        if (first != '{' && first != '[' && first != '"') {
            while (i < m_doc.size() && m_doc[i] != ',' && m_doc[i] != '}' && m_doc[i] != ']' && m_doc[i] != ' '
                && m_doc[i] != '\n' && m_doc[i] != '\r' && m_doc[i] != '\t')
                ++i;
            end = i;
            return i > m_i;
        }
        int depth = 0;
        bool inString = false;
        for (; i < m_doc.size(); ++i) {
            const char c = m_doc[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"') {
                    inString = false;
                    if (depth == 0) {
                        end = i + 1;
                        return true;
                    }
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0) {
                    end = i + 1;
                    return true;
                }
            }
        }
        return false;
    }

    // Any other value: parsed on its own, so the document holds no text the whole parse would refuse.
    bool other()
    {
        std::size_t end = 0;
        if (!valueEnd(end))
            return false;
        simdjson::dom::element e;
        if (m_parser.parse(m_doc.data() + m_i, end - m_i).get(e))
            return false;
        m_i = end;
        return true;
    }

    // An object at `level`: 0 the document, 1 a resourceSpans element, 2 a scopeSpans element.
    bool object(int level)
    {
        ++m_i; // '{'
        space();
        if (at('}')) {
            ++m_i;
            return true;
        }
        bool scopes = false;
        bool spans = false;
        for (;;) {
            space();
            std::string_view n;
            if (!name(n))
                return false;
            space();
            if (!at(':'))
                return false;
            ++m_i;
            space();
            if (level == 0 && n == "resourceSpans") {
                if (m_resourceSpans || !at('['))
                    return false;
                m_resourceSpans = true;
                if (!array(1))
                    return false;
            } else if (level == 1 && (n == "scopeSpans" || n == "instrumentationLibrarySpans")) {
                if (scopes || !at('['))
                    return false;
                scopes = true;
                if (!array(2))
                    return false;
            } else if (level == 2 && n == "spans") {
                if (spans || !at('['))
                    return false;
                spans = true;
                if (!array(3))
                    return false;
            } else if (!other()) {
                return false;
            }
            if (m_c.cancelled)
                return true;
            space();
            if (at(',')) {
                ++m_i;
                continue;
            }
            if (at('}')) {
                ++m_i;
                return true;
            }
            return false;
        }
    }

    // An array of objects at `level` (3: the spans, each read as it is parsed).
    bool array(int level)
    {
        ++m_i; // '['
        space();
        if (at(']')) {
            ++m_i;
            return true;
        }
        for (;;) {
            space();
            if (!at('{'))
                return false;
            if (level < 3) {
                if (!object(level))
                    return false;
            } else {
                std::size_t end = 0;
                simdjson::dom::element span;
                if (!valueEnd(end) || m_parser.parse(m_doc.data() + m_i, end - m_i).get(span))
                    return false;
                readOtlpSpan(span, m_c);
                m_i = end;
                if (!m_c.keepReading())
                    return true;
            }
            if (m_c.cancelled)
                return true;
            space();
            if (at(',')) {
                ++m_i;
                continue;
            }
            if (at(']')) {
                ++m_i;
                return true;
            }
            return false;
        }
    }

    std::string_view m_doc;
    simdjson::dom::parser& m_parser;
    OtlpContext& m_c;
    std::size_t m_i = 0;
    bool m_resourceSpans = false;
};

std::unique_ptr<EvidenceReader> readOtlp(std::unique_ptr<EvidenceInput> in, std::uint32_t file,
    const ReadOptions& options, EvidenceFileSummary& summary, ProblemLog& problems, std::string& error)
{
    std::string text;
    if (!in->readAll(text, options.maxDocument, options.keepReading)) {
        error = in->error() == "cancelled" ? summary.path + ": reading was cancelled" : in->error();
        return nullptr;
    }
    summary.bytes = text.size();
    auto reader = std::make_unique<CollectedReader>();
    reader->m_bytes = text.size();
    std::unordered_map<std::uint64_t, OtlpSpan> spans;
    OtlpContext c { file, options, summary, problems, reader->m_exchanges, spans,
        "http.request.header." + lower(options.keyHeader) };
    c.documentBytes = text.size();
    const auto cancelled = [&] {
        error = summary.path + ": reading was cancelled";
        return nullptr;
    };
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    bool any = false;
    // A span at a time first; where that walk gives up, the document whole (what it read is undone).
    const EvidenceFileSummary summaryBefore = summary;
    const ProblemLog problemsBefore = problems;
    // A span's parser allows six levels less than the whole document's: a span lies six levels deep in it, so what
    // is too deep there is too deep here (and the walk then gives up for the whole parse to say so).
    simdjson::dom::parser pieces;
    if (!options.exactJson && pieces.allocate(1u << 16, simdjson::DEFAULT_MAX_DEPTH - 6) == simdjson::SUCCESS
        && OtlpSplitter(text, pieces, c).read()) {
        if (c.cancelled)
            return cancelled();
        any = true;
        summary.spanAtATime = true;
    } else {
        summary = summaryBefore;
        problems = problemsBefore;
        reader->m_exchanges.clear();
        spans.clear();
        c.replayHeaderCaptured = false;
        c.cancelled = false;
    }
    if (!any && !parser.parse(text).get(root)) {
        any = readOtlpDocument(root, c);
    } else if (!any) {
        // One ExportTraceServiceRequest per line (the Collector's file exporter); a bad line costs only itself.
        std::size_t start = 0;
        std::uint64_t lineNo = 0;
        while (start < text.size() && !c.cancelled) {
            std::size_t end = text.find('\n', start);
            if (end == std::string::npos)
                end = text.size();
            ++lineNo;
            const std::string_view line(text.data() + start, end - start);
            start = end + 1;
            if (options.keepReading && !options.keepReading(text.size())) {
                c.cancelled = true;
                break;
            }
            if (line.find_first_not_of(" \t\r") == std::string_view::npos)
                continue;
            if (parser.parse(line.data(), line.size()).get(root) || !readOtlpDocument(root, c)) {
                ++summary.skipped;
                problems.add({ file, EvidenceRef::Kind::Line, lineNo }, "not an OTLP/JSON traces document");
                continue;
            }
            any = true;
        }
    }
    if (c.cancelled)
        return cancelled();
    const bool replayHeaderCaptured = c.replayHeaderCaptured;
    if (!any) {
        error = summary.path + ": no OTLP/JSON traces document could be read (expected {\"resourceSpans\": [...]})";
        return nullptr;
    }
    // Database statements on the idempotency table, each under its nearest server span.
    const std::string table = lower(options.table);
    for (const auto& [id, s] : spans) {
        if (s.query.empty() || lower(s.query).find(table) == std::string::npos)
            continue;
        std::uint64_t at = s.parent;
        for (int hops = 0; at && hops < 64; ++hops) {
            const auto it = spans.find(at);
            if (it == spans.end())
                break;
            if (it->second.exchange >= 0) {
                Exchange& x = reader->m_exchanges[static_cast<std::size_t>(it->second.exchange)];
                x.tableStatements = std::max(x.tableStatements, 0) + 1;
                const std::string q = lower(s.query);
                if (q.rfind("update", q.find_first_not_of(" \t\r\n")) == q.find_first_not_of(" \t\r\n")
                    || q.find("do update") != std::string::npos)
                    x.tableCompletion = true;
                break;
            }
            at = it->second.parent;
        }
    }
    // A server span whose upstream calls all went unanswered: the service gave no answer (the span's status is the
    // gateway's own, a 502).
    std::unordered_map<int, std::pair<int, int>> upstream; // exchange → (calls, calls without an answer)
    for (const auto& [id, s] : spans) {
        if (!s.client)
            continue;
        const auto parent = spans.find(s.parent);
        if (parent == spans.end() || parent->second.exchange < 0)
            continue;
        auto& [calls, silent] = upstream[parent->second.exchange];
        ++calls;
        silent += s.clientWithoutAnswer;
    }
    for (const auto& [exchange, counts] : upstream)
        if (counts.first > 0 && counts.first == counts.second)
            reader->m_exchanges[static_cast<std::size_t>(exchange)].status.reset();
    // The file captures the replay header (some span carries it): a span without it was not a replay.
    for (Exchange& x : reader->m_exchanges)
        if (replayHeaderCaptured && x.replayed == Tri::Unknown && x.status)
            x.replayed = Tri::No;
    for (Exchange& x : reader->m_exchanges)
        if (x.replayed == Tri::Unknown && x.tableStatements >= 0 && x.status && *x.status >= 200 && *x.status < 300)
            x.replayed = x.tableCompletion ? Tri::No : Tri::Yes;
    std::stable_sort(reader->m_exchanges.begin(), reader->m_exchanges.end(),
        [](const Exchange& a, const Exchange& b) { return a.startMs < b.startMs; });
    return reader;
}

// The first line as JSON: its top-level member names (and which hold objects), or nullopt when it is no object.
std::optional<std::pair<std::vector<std::string>, std::vector<std::string>>> firstLineNames(std::string_view head)
{
    const std::size_t nl = head.find('\n');
    std::string line(head.substr(0, nl));
    simdjson::dom::parser parser;
    simdjson::dom::element e;
    if (parser.parse(line).get(e))
        return std::nullopt;
    simdjson::dom::object o;
    if (e.get_object().get(o))
        return std::nullopt;
    std::pair<std::vector<std::string>, std::vector<std::string>> names;
    for (const auto field : o) {
        names.first.emplace_back(field.key);
        if (field.value.is_object())
            names.second.emplace_back(field.key);
    }
    return names;
}

const char* kExpected = "expected a HAR 1.2 file, OTLP/JSON traces, a JSON-lines access log or a combined access log";

} // namespace

std::unique_ptr<EvidenceReader> openEvidence(const std::string& path, std::uint32_t file, const ReadOptions& options,
    EvidenceFileSummary& summary, ProblemLog& problems, std::string& error)
{
    summary = EvidenceFileSummary {};
    summary.path = path;
    auto in = std::make_unique<EvidenceInput>();
    if (!in->open(path, options.mapMinBytes)) {
        error = in->error();
        return nullptr;
    }
    summary.compressed = in->compressed();
    const std::string_view head = in->peek(64 * 1024);
    if (!in->error().empty()) {
        error = in->error();
        return nullptr;
    }
    if (head.empty()) {
        error = path + ": empty file; " + kExpected;
        return nullptr;
    }
    if (const auto binary = binaryKind(head)) {
        error = path + ": not evidence: it looks like " + *binary + "; " + kExpected;
        return nullptr;
    }
    std::size_t first = 0;
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        first = 3;
    first = head.find_first_not_of(" \t\r\n", first);
    if (first == std::string_view::npos) {
        error = path + ": only blank lines; " + kExpected;
        return nullptr;
    }
    std::optional<EvidenceFormat> format = options.format;
    if (!format) {
        const std::string_view body = head.substr(first);
        if (body.front() == '{') {
            if (body.find("\"resourceSpans\"") != std::string_view::npos)
                format = EvidenceFormat::Otlp;
            else if (body.find("\"log\"") != std::string_view::npos
                && (body.find("\"entries\"") != std::string_view::npos
                    || body.find("\"creator\"") != std::string_view::npos))
                format = EvidenceFormat::Har;
            else if (firstLineNames(body))
                format = EvidenceFormat::JsonLines;
            else {
                error = path + ": JSON, but not evidence: " + kExpected
                    + " ({\"log\": {\"entries\": …}}, {\"resourceSpans\": …} or one JSON object per line)";
                return nullptr;
            }
        } else if (body.front() == '[') {
            error = path + ": a JSON array, not evidence: " + kExpected;
            return nullptr;
        } else {
            std::vector<std::string> f;
            const std::string_view line = body.substr(0, body.find('\n'));
            if (CombinedReader::fields(line, f) && f.size() >= 7 && line.find('[') != std::string_view::npos
                && line.find('"') != std::string_view::npos)
                format = EvidenceFormat::Combined;
            else {
                error = path + ": not evidence: its first line is neither JSON nor a combined log line; " + kExpected;
                return nullptr;
            }
        }
    }
    summary.format = *format;
    switch (*format) {
    case EvidenceFormat::Har: {
        std::string text;
        if (!in->readAll(text, options.maxDocument, options.keepReading)) {
            error = in->error() == "cancelled" ? path + ": reading was cancelled" : in->error();
            return nullptr;
        }
        summary.bytes = text.size();
        auto r = readHar(text, file, options, summary, problems, error);
        if (r && !r->failure().empty()) {
            error = path + ": " + r->failure();
            return nullptr;
        }
        return r;
    }
    case EvidenceFormat::Otlp:
        return readOtlp(std::move(in), file, options, summary, problems, error);
    case EvidenceFormat::Combined:
        return std::make_unique<CombinedReader>(std::move(in), file, options, summary, problems);
    case EvidenceFormat::JsonLines: {
        FieldMapping mapping;
        if (options.fields) {
            mapping = *options.fields;
        } else {
            const auto names = firstLineNames(head.substr(first));
            const auto preset = names ? guessPreset(names->first, names->second) : std::nullopt;
            if (!preset) {
                error = path
                    + ": a JSON-lines log whose fields match no preset (nginx, envoy, caddy); describe them "
                      "with --fields MAPPING.json";
                return nullptr;
            }
            mapping = *preset;
            if (options.keyHeader != "Idempotency-Key")
                useKeyHeader(mapping, options.keyHeader);
        }
        summary.fields = mapping.name;
        return std::make_unique<JsonLinesReader>(std::move(in), std::move(mapping), file, options, summary, problems);
    }
    }
    return nullptr;
}

} // namespace iw
