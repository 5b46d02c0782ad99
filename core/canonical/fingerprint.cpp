// Canonical JSON (RFC 8785), JSON Pointer selection (RFC 6901) and SHA-256 for payload fingerprints.
#include "fingerprint.h"
#include "jsontext.h"

#include <array>

#include <openssl/evp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

namespace iw {

namespace {

std::uint32_t decodeUtf8(std::string_view s, std::size_t& i)
{
    const auto byte = [&](std::size_t j) { return j < s.size() ? static_cast<unsigned char>(s[j]) : 0x80u; };
    const unsigned char c = byte(i);
    if (c < 0x80) {
        i += 1;
        return c;
    }
    if (c < 0xE0) {
        const std::uint32_t cp = ((c & 0x1Fu) << 6) | (byte(i + 1) & 0x3Fu);
        i += 2;
        return cp;
    }
    if (c < 0xF0) {
        const std::uint32_t cp = ((c & 0x0Fu) << 12) | ((byte(i + 1) & 0x3Fu) << 6) | (byte(i + 2) & 0x3Fu);
        i += 3;
        return cp;
    }
    const std::uint32_t cp
        = ((c & 0x07u) << 18) | ((byte(i + 1) & 0x3Fu) << 12) | ((byte(i + 2) & 0x3Fu) << 6) | (byte(i + 3) & 0x3Fu);
    i += 4;
    return cp;
}

// UTF-16 order is code point order except that U+E000..U+FFFF sort after the supplementary planes, whose
// surrogates (0xD800..0xDFFF) come first.
std::uint32_t utf16SortKey(std::uint32_t cp)
{
    return (cp >= 0xE000 && cp <= 0xFFFF) ? cp + 0x200000 : cp;
}

bool lessInUtf16(std::string_view a, std::string_view b)
{
    const std::size_t n = std::min(a.size(), b.size());
    std::size_t i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    if (i == n)
        return a.size() < b.size();
    const auto x = static_cast<unsigned char>(a[i]);
    const auto y = static_cast<unsigned char>(b[i]);
    if (x < 0x80 && y < 0x80)
        return x < y;
    // Both strings share the prefix, so the differing code points start at the same byte.
    while (i > 0 && (static_cast<unsigned char>(a[i]) & 0xC0) == 0x80)
        --i;
    std::size_t ia = i;
    std::size_t ib = i;
    return utf16SortKey(decodeUtf8(a, ia)) < utf16SortKey(decodeUtf8(b, ib));
}

class CanonicalWriter {
public:
    explicit CanonicalWriter(std::string& out)
        : m_out(out)
    {
    }

    void write(const json::Value& v)
    {
        if (json::isTextOnly(v)) {
            json::Value tree;
            write(json::built(v, tree));
            return;
        }
        switch (v.type) {
        case json::Type::Null:
            m_out += "null";
            break;
        case json::Type::Bool:
            m_out += v.boolean ? "true" : "false";
            break;
        case json::Type::Number:
            json::appendNumber(m_out, v.number);
            break;
        case json::Type::String:
            json::appendString(m_out, v.string);
            break;
        case json::Type::Array:
            m_out += '[';
            for (std::size_t i = 0; i < v.array.size(); ++i) {
                if (i)
                    m_out += ',';
                write(v.array[i]);
            }
            m_out += ']';
            break;
        case json::Type::Object:
            writeObject(v);
            break;
        }
    }

private:
    void writeObject(const json::Value& v)
    {
        // One scratch vector serves every level: each object sorts its own segment at the end of it, so a
        // document costs a single allocation however many objects it holds.
        const std::size_t base = m_sorted.size();
        for (const json::Member& m : v.object)
            m_sorted.push_back(&m);
        const auto less = [](const json::Member* a, const json::Member* b) { return lessInUtf16(a->key, b->key); };
        const auto begin = m_sorted.begin() + static_cast<std::ptrdiff_t>(base);
        if (!std::is_sorted(begin, m_sorted.end(), less))
            std::sort(begin, m_sorted.end(), less);
        m_out += '{';
        for (std::size_t i = base; i < base + v.object.size(); ++i) {
            if (i != base)
                m_out += ',';
            const json::Member* m = m_sorted[i]; // by index: deeper levels may reallocate m_sorted
            json::appendString(m_out, m->key);
            m_out += ':';
            write(m->value);
        }
        m_out += '}';
        m_sorted.resize(base);
    }

    std::string& m_out;
    std::vector<const json::Member*> m_sorted;
};

// The selected pointers as a tree of reference tokens.
struct PointerTree {
    bool whole = false; // a pointer ends here
    std::map<std::string, PointerTree, std::less<>> children;
};

PointerTree compilePointers(const std::vector<std::string>& pointers)
{
    PointerTree root;
    for (const std::string& pointer : pointers) {
        PointerTree* node = &root;
        for (std::string& token : parseJsonPointer(pointer))
            node = &node->children[std::move(token)];
        node->whole = true;
    }
    return root;
}

// RFC 6901 array index: "0" or digits without a leading zero; anything else ("-", "01") never resolves.
bool arrayIndex(std::string_view token, std::size_t size, std::size_t& index)
{
    if (token.empty() || token.size() > 19 || (token.size() > 1 && token[0] == '0'))
        return false;
    std::size_t v = 0;
    for (char c : token) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + static_cast<std::size_t>(c - '0');
    }
    if (v >= size)
        return false;
    index = v;
    return true;
}

// The (index, subtree) pairs of tree that resolve in an array of the given size, in index order.
std::vector<std::pair<std::size_t, const PointerTree*>> arrayChildren(const PointerTree& tree, std::size_t size)
{
    std::vector<std::pair<std::size_t, const PointerTree*>> result;
    for (const auto& [token, child] : tree.children) {
        std::size_t index = 0;
        if (arrayIndex(token, size, index))
            result.emplace_back(index, &child);
    }
    std::sort(result.begin(), result.end());
    return result;
}

// Fills out with the parts of in that tree selects; false when it selects nothing there.
bool keepOnly(const json::Value& in, const PointerTree& tree, json::Value& out)
{
    if (tree.whole) {
        out = in;
        return true;
    }
    if (in.isObject()) {
        out.type = json::Type::Object;
        out.pos = in.pos;
        for (const json::Member& m : in.object) {
            const auto it = tree.children.find(m.key);
            if (it == tree.children.end())
                continue;
            json::Value kept;
            if (keepOnly(m.value, it->second, kept))
                out.object.push_back(json::Member { m.key, m.keyPos, std::move(kept) });
        }
        return !out.object.empty();
    }
    if (in.isArray()) {
        out.type = json::Type::Array;
        out.pos = in.pos;
        for (const auto& [index, child] : arrayChildren(tree, in.array.size())) {
            json::Value kept;
            if (keepOnly(in.array[index], *child, kept)) {
                out.array.resize(index); // nulls for the unselected elements before it
                out.array.push_back(std::move(kept));
            }
        }
        return !out.array.empty();
    }
    return false;
}

// in without the parts tree names; tree.whole is the caller's business.
json::Value dropIgnored(const json::Value& in, const PointerTree& tree)
{
    if (tree.children.empty())
        return in;
    json::Value out;
    out.type = in.type;
    out.pos = in.pos;
    if (in.isObject()) {
        for (const json::Member& m : in.object) {
            const auto it = tree.children.find(m.key);
            if (it == tree.children.end())
                out.object.push_back(m);
            else if (!it->second.whole)
                out.object.push_back(json::Member { m.key, m.keyPos, dropIgnored(m.value, it->second) });
        }
        return out;
    }
    if (in.isArray()) {
        const auto selected = arrayChildren(tree, in.array.size());
        auto next = selected.begin();
        for (std::size_t i = 0; i < in.array.size(); ++i) {
            if (next != selected.end() && next->first == i) {
                if (!next->second->whole)
                    out.array.push_back(dropIgnored(in.array[i], *next->second));
                ++next;
            } else {
                out.array.push_back(in.array[i]);
            }
        }
        return out;
    }
    return in;
}

} // namespace

std::vector<std::string> parseJsonPointer(std::string_view pointer)
{
    std::vector<std::string> tokens;
    if (pointer.empty())
        return tokens;
    const auto invalid = [&](const char* why) {
        std::string message = "invalid JSON Pointer ";
        json::appendString(message, pointer);
        message += ": ";
        message += why;
        throw std::invalid_argument(message);
    };
    if (pointer[0] != '/')
        invalid("it must be empty or start with '/'");
    for (std::size_t i = 1;; ++i) {
        std::string& token = tokens.emplace_back();
        for (; i < pointer.size() && pointer[i] != '/'; ++i) {
            if (pointer[i] != '~') {
                token += pointer[i];
                continue;
            }
            if (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1'))
                invalid("'~' must be followed by '0' or '1'");
            token += pointer[++i] == '0' ? '~' : '/';
        }
        if (i >= pointer.size())
            break;
    }
    return tokens;
}

void appendCanonicalJson(std::string& out, const json::Value& value)
{
    CanonicalWriter writer(out);
    writer.write(value);
}

namespace {

bool isArrayIndex(std::string_view name)
{
    if (name.empty() || name.size() > 10 || (name.size() > 1 && name[0] == '0'))
        return false;
    unsigned long long v = 0;
    for (const char c : name) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + static_cast<unsigned>(c - '0');
    }
    return v <= 4'294'967'294ULL;
}

unsigned long long indexValue(std::string_view name)
{
    unsigned long long v = 0;
    for (const char c : name)
        v = v * 10 + static_cast<unsigned>(c - '0');
    return v;
}

void appendOrdered(std::string& out, const json::Value& value)
{
    if (json::isTextOnly(value)) {
        json::Value tree;
        appendOrdered(out, json::built(value, tree));
        return;
    }
    switch (value.type) {
    case json::Type::Array:
        out += '[';
        for (std::size_t i = 0; i < value.array.size(); ++i) {
            if (i > 0)
                out += ',';
            appendOrdered(out, value.array[i]);
        }
        out += ']';
        return;
    case json::Type::Object: {
        std::vector<const json::Member*> members;
        members.reserve(value.object.size());
        for (const json::Member& m : value.object)
            members.push_back(&m);
        // Array-index names first, ascending; the others keep their order.
        std::stable_sort(members.begin(), members.end(), [](const json::Member* a, const json::Member* b) {
            const bool ia = isArrayIndex(a->key);
            const bool ib = isArrayIndex(b->key);
            if (ia != ib)
                return ia;
            return ia && indexValue(a->key) < indexValue(b->key);
        });
        out += '{';
        bool first = true;
        for (const json::Member* m : members) {
            if (!first)
                out += ',';
            first = false;
            json::appendString(out, m->key);
            out += ':';
            appendOrdered(out, m->value);
        }
        out += '}';
        return;
    }
    default:
        // Scalars are written alike by both.
        appendCanonicalJson(out, value);
        return;
    }
}

} // namespace

std::string orderedJson(const json::Value& value)
{
    std::string out;
    out.reserve(128);
    appendOrdered(out, value);
    return out;
}

std::string canonicalJson(const json::Value& value)
{
    std::string out;
    out.reserve(128);
    appendCanonicalJson(out, value);
    return out;
}

json::Value selectSignificant(const json::Value& payload, const FingerprintSelection& selection)
{
    if (json::isTextOnly(payload)) {
        json::Value tree;
        return selectSignificant(json::built(payload, tree), selection);
    }
    // Compile both lists first so a malformed pointer is reported whatever the payload looks like.
    const PointerTree only = compilePointers(selection.only);
    const PointerTree ignore = compilePointers(selection.ignore);

    if (selection.only.empty())
        return ignore.whole ? json::Value() : dropIgnored(payload, ignore);
    json::Value result;
    if (!keepOnly(payload, only, result)) {
        result = json::Value();
        if (payload.isObject() || payload.isArray())
            result.type = payload.type;
        result.pos = payload.pos;
    }
    if (ignore.whole)
        return json::Value();
    if (ignore.children.empty())
        return result;
    return dropIgnored(result, ignore);
}

std::array<unsigned char, 32> sha256Digest(std::string_view bytes)
{
    std::array<unsigned char, 32> digest {};
    unsigned int length = 0;
    // Fetching the algorithm once: with EVP_sha256() OpenSSL 3 looks it up again on every call, which halves
    // the throughput of hashing small payloads.
    static const std::unique_ptr<EVP_MD, decltype(&EVP_MD_free)> s_sha256(
        EVP_MD_fetch(nullptr, "SHA256", nullptr), &EVP_MD_free);
    const EVP_MD* md = s_sha256 ? s_sha256.get() : EVP_sha256();
    // One context per thread, initialised again for each digest: EVP_Digest makes and frees a context (and the
    // provider's state) every time, which cost more than hashing the few dozen bytes of a fault draw (the
    // simulation draws once per intent: a tenth of a throughput run).
    thread_local const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> t_context(
        EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    EVP_MD_CTX* context = t_context.get();
    if (!context || EVP_DigestInit_ex2(context, md, nullptr) != 1
        || EVP_DigestUpdate(context, bytes.data(), bytes.size()) != 1
        || EVP_DigestFinal_ex(context, digest.data(), &length) != 1 || length != digest.size())
        throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
    return digest;
}

std::string sha256Hex(std::string_view bytes)
{
    const auto digest = sha256Digest(bytes);
    const auto length = static_cast<unsigned int>(digest.size());
    static constexpr char hex[] = "0123456789abcdef";
    std::string out(2 * length, '\0');
    for (unsigned int i = 0; i < length; ++i) {
        out[2 * i] = hex[digest[i] >> 4];
        out[2 * i + 1] = hex[digest[i] & 0xf];
    }
    return out;
}

bool sameDocument(const json::Value& a, const json::Value& b)
{
    if (a.type != b.type)
        return false;
    // Two texts alike are one document; a text beside a tree is not compared (false says nothing).
    if (json::isTextOnly(a) || json::isTextOnly(b))
        return json::isTextOnly(a) && json::isTextOnly(b) && a.string == b.string;
    switch (a.type) {
    case json::Type::Null:
        return true;
    case json::Type::Bool:
        return a.boolean == b.boolean;
    case json::Type::Number:
        // Bit for bit: the canonical form is written from the double, and 0 and -0 are told apart here.
        return std::memcmp(&a.number, &b.number, sizeof a.number) == 0;
    case json::Type::String:
        return a.string == b.string;
    case json::Type::Array:
        return a.array.size() == b.array.size()
            && std::equal(a.array.begin(), a.array.end(), b.array.begin(), sameDocument);
    case json::Type::Object:
        return a.object.size() == b.object.size()
            && std::equal(
                a.object.begin(), a.object.end(), b.object.begin(), [](const json::Member& x, const json::Member& y) {
                    return x.key == y.key && sameDocument(x.value, y.value);
                });
    }
    return false;
}

std::string significantCanonical(const json::Value& payload, const FingerprintSelection& selection)
{
    return selection.empty() ? canonicalJson(payload) : canonicalJson(selectSignificant(payload, selection));
}

Fingerprint fingerprintOf(const json::Value& payload, const FingerprintSelection& selection)
{
    Fingerprint f;
    f.canonical = significantCanonical(payload, selection);
    f.sha256 = sha256Hex(f.canonical);
    return f;
}

} // namespace iw
