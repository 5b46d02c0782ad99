// A growing array in fixed chunks of 2^Bits elements: appending never moves what is there (references stay valid)
// and never holds the up-to-double slack of a std::vector that has just grown, which for a million request rows is
// tens of megabytes. Indexing is a shift and a mask.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

namespace iw {

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
    void clear()
    {
        m_chunks.clear();
        m_size = 0;
    }

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;
        const_iterator(const ChunkedVector* v, std::size_t i)
            : m_v(v)
            , m_i(i)
        {
        }
        const T& operator*() const { return (*m_v)[m_i]; }
        const T* operator->() const { return &(*m_v)[m_i]; }
        const_iterator& operator++()
        {
            ++m_i;
            return *this;
        }
        bool operator==(const const_iterator& o) const { return m_i == o.m_i; }
        bool operator!=(const const_iterator& o) const { return m_i != o.m_i; }

    private:
        const ChunkedVector* m_v;
        std::size_t m_i;
    };
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, m_size }; }

private:
    static constexpr std::size_t kChunk = std::size_t(1) << Bits;
    static constexpr std::size_t kMask = kChunk - 1;
    std::vector<std::unique_ptr<T[]>> m_chunks;
    std::size_t m_size = 0;
};

} // namespace iw
