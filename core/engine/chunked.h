// A growing array in fixed chunks of 2^Bits elements: appending never moves what is there (references stay valid)
// and never holds the up-to-double slack of a std::vector that has just grown, which for a million request rows is
// tens of megabytes. Indexing is a shift and a mask.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace iw {

// A forward iterator over anything indexable by position (operator[] and size()): what it yields is what operator[]
// returns, a reference or — for containers that rebuild their elements, like EventLog — a value.
template<typename Container> class IndexIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using reference = decltype(std::declval<const Container&>()[0]);
    using value_type = std::remove_cvref_t<reference>;
    using difference_type = std::ptrdiff_t;

    IndexIterator(const Container* c, std::size_t i)
        : m_c(c)
        , m_i(i)
    {
    }
    reference operator*() const { return (*m_c)[m_i]; }
    IndexIterator& operator++()
    {
        ++m_i;
        return *this;
    }
    bool operator==(const IndexIterator& o) const { return m_i == o.m_i; }
    bool operator!=(const IndexIterator& o) const { return m_i != o.m_i; }

private:
    const Container* m_c;
    std::size_t m_i;
};

template<typename T, unsigned Bits = 12> class ChunkedVector {
public:
    using value_type = T;
    using size_type = std::size_t;

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T& operator[](std::size_t i) { return m_chunks[i >> Bits][i & kMask]; }
    const T& operator[](std::size_t i) const { return m_chunks[i >> Bits][i & kMask]; }
    T& front() { return (*this)[0]; }
    const T& front() const { return (*this)[0]; }
    T& back() { return (*this)[m_size - 1]; }
    const T& back() const { return (*this)[m_size - 1]; }

    void push_back(const T& value)
    {
        if ((m_size & kMask) == 0 && (m_size >> Bits) == m_chunks.size())
            m_chunks.push_back(std::make_unique<T[]>(kChunk));
        (*this)[m_size] = value;
        ++m_size;
    }
    // Keeps the first chunk: a simulation reset and run again (explore runs one scenario a million times) would
    // otherwise allocate and value-initialise a whole chunk per run — a third of explore's time.
    void clear()
    {
        if (m_chunks.size() > 1)
            m_chunks.resize(1);
        m_size = 0;
    }

    // Forgets the items from `n` on (their chunks stay for the next push_back).
    void truncate(std::size_t n)
    {
        if (n < m_size)
            m_size = n;
    }

    using const_iterator = IndexIterator<ChunkedVector>;
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, m_size }; }

private:
    static constexpr std::size_t kChunk = std::size_t(1) << Bits;
    static constexpr std::size_t kMask = kChunk - 1;
    std::vector<std::unique_ptr<T[]>> m_chunks;
    std::size_t m_size = 0;
};

} // namespace iw
