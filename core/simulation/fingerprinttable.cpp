// The fingerprints of a simulation's scenario entries, each distinct payload hashed once.
#include "fingerprinttable.h"

#include <utility>

namespace iw {

FingerprintTable::FingerprintTable()
    : m_index(0, Hash { &m_distinct }, Equal { &m_distinct })
{
}

std::size_t FingerprintTable::Hash::operator()(std::string_view canonical) const
{
    return absl::Hash<std::string_view>()(canonical);
}

void FingerprintTable::add(const json::Value& payload, const FingerprintSelection& selection)
{
    addText(significantCanonical(payload, selection));
}

void FingerprintTable::add(const ServicePolicy& policy, const RequestSpec& spec)
{
    if (policy.plainFingerprint()) {
        add(spec.payload, policy.fingerprint);
        return;
    }
    addText(iw::requestFingerprint(policy, spec.operation, spec.query, spec.payload, spec.body ? &*spec.body : nullptr)
                .canonical);
}

void FingerprintTable::addText(std::string canonical)
{
    auto found = m_index.find(std::string_view(canonical));
    if (found == m_index.end()) {
        const int index = static_cast<int>(m_distinct.size());
        std::string sha256 = sha256Hex(canonical);
        m_distinct.push_back({ std::move(canonical), std::move(sha256) });
        found = m_index.insert(index).first;
    }
    m_byEntry.push_back(*found);
}

} // namespace iw
