// The fingerprints of a simulation's scenario entries (docs/reference/decisions.md#profiles's fingerprint under a
// policy), each distinct payload kept and hashed once. Private to the simulation's own files.
#pragma once

#include "chunked.h"
#include "fingerprint.h"
#include "json.h"
#include "policy.h"
#include "scenario.h"

#include <absl/container/flat_hash_set.h>

#include <string>
#include <string_view>
#include <vector>

namespace iw {

// The entries' fingerprints under one selection, each distinct canonical payload kept and hashed once: entries
// with the same payload (every retry and replay a served client sends, repeated traffic) share it. Served, an
// entry is a request, and its SHA-256 and the 64 hex digits kept for it were a tenth of the request's cost.
class FingerprintTable {
public:
    FingerprintTable();
    FingerprintTable(const FingerprintTable&) = delete; // the index's hash refers back to the table
    FingerprintTable& operator=(const FingerprintTable&) = delete;
    // Fingerprints the next entry's payload.
    void add(const json::Value& payload, const FingerprintSelection& selection);
    // Fingerprints the next entry under a policy's fingerprint_form and fingerprint_parts
    // (docs/reference/decisions.md#profiles).
    void add(const ServicePolicy& policy, const RequestSpec& spec);
    // The next entry's payload is the same document as the last entry's: the same fingerprint.
    void addSameAsLast() { m_byEntry.push_back(m_byEntry.back()); }
    const Fingerprint& operator[](std::size_t entry) const { return m_distinct[m_byEntry[entry]]; }
    // Each fingerprint once, in the order the entries first had it.
    const std::vector<Fingerprint>& distinct() const { return m_distinct; }

private:
    struct Hash {
        using is_transparent = void;
        const std::vector<Fingerprint>* distinct;
        std::size_t operator()(std::string_view canonical) const;
        std::size_t operator()(int i) const { return (*this)((*distinct)[static_cast<std::size_t>(i)].canonical); }
    };
    struct Equal {
        using is_transparent = void;
        const std::vector<Fingerprint>* distinct;
        std::string_view text(std::string_view canonical) const { return canonical; }
        std::string_view text(int i) const { return (*distinct)[static_cast<std::size_t>(i)].canonical; }
        template<typename A, typename B> bool operator()(const A& a, const B& b) const { return text(a) == text(b); }
    };
    void addText(std::string canonical);
    std::vector<Fingerprint> m_distinct;
    absl::flat_hash_set<int, Hash, Equal> m_index; // into m_distinct, by canonical payload
    SegmentedVector<int> m_byEntry; // into m_distinct, a row per entry
};

} // namespace iw
