// A growing array in fixed chunks of 2^Bits elements: appending never moves what is there (references stay valid)
// and never holds the up-to-double slack of a std::vector that has just grown, which for a million request rows is
// tens of megabytes. Indexing is a shift and a mask.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
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

// A sequence for records that arrive without end (a served scenario's requests): the first 2^Bits elements in one
// std::vector that grows as usual, each further 2^Bits in a vector of their own, reserved whole, so appending moves at
// most one chunk. A std::vector of a million 320-byte request specs moved all of them at each doubling, and a server
// answered nothing meanwhile (0.13 s at a million). Copies, comparison and iteration are a vector's; references to
// elements of the chunk being filled move as a vector's do.
template<typename T, unsigned Bits = 10> class SegmentedVector {
    template<bool Const> class Iter;

public:
    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = T&;
    using const_reference = const T&;
    using iterator = Iter<false>;
    using const_iterator = Iter<true>;

    SegmentedVector() = default;
    SegmentedVector(std::initializer_list<T> items)
    {
        for (const T& item : items)
            push_back(item);
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T& operator[](std::size_t i) { return m_chunks[i >> Bits][i & kMask]; }
    const T& operator[](std::size_t i) const { return m_chunks[i >> Bits][i & kMask]; }
    T& at(std::size_t i)
    {
        check(i);
        return (*this)[i];
    }
    const T& at(std::size_t i) const
    {
        check(i);
        return (*this)[i];
    }
    T& front() { return (*this)[0]; }
    const T& front() const { return (*this)[0]; }
    T& back() { return m_chunks.back().back(); }
    const T& back() const { return m_chunks.back().back(); }

    void push_back(const T& value)
    {
        filling().push_back(value);
        ++m_size;
    }
    void push_back(T&& value)
    {
        filling().push_back(std::move(value));
        ++m_size;
    }
    template<typename... Args> T& emplace_back(Args&&... args)
    {
        T& added = filling().emplace_back(std::forward<Args>(args)...);
        ++m_size;
        return added;
    }
    void clear()
    {
        m_chunks.clear();
        m_size = 0;
    }
    // Only the first chunk grows as a vector does: room for up to a chunk there; later chunks are reserved whole.
    void reserve(std::size_t n)
    {
        if (m_chunks.empty())
            m_chunks.emplace_back();
        if (m_chunks.size() == 1)
            m_chunks.front().reserve(std::min(n, kChunk));
    }
    // The elements the chunks have room for.
    std::size_t capacity() const
    {
        std::size_t n = 0;
        for (const std::vector<T>& chunk : m_chunks)
            n += chunk.capacity();
        return n;
    }
    void pop_back()
    {
        m_chunks.back().pop_back();
        if (m_chunks.back().empty())
            m_chunks.pop_back();
        --m_size;
    }
    // Grows with copies of `value` (appended chunk by chunk, so nothing moves) or forgets the elements from `n` on.
    void resize(std::size_t n, const T& value = T())
    {
        while (m_size > n)
            pop_back();
        while (m_size < n) {
            std::vector<T>& chunk = filling();
            const std::size_t add = std::min(n - m_size, kChunk - chunk.size());
            chunk.resize(chunk.size() + add, value);
            m_size += add;
        }
    }

    iterator begin() { return { this, 0 }; }
    iterator end() { return { this, m_size }; }
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, m_size }; }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }

    // Where the chunks begin is fixed by the size, so equal sequences hold equal chunks.
    bool operator==(const SegmentedVector& o) const { return m_chunks == o.m_chunks; }

private:
    static constexpr std::size_t kChunk = std::size_t(1) << Bits;
    static constexpr std::size_t kMask = kChunk - 1;

    std::vector<T>& filling()
    {
        if (m_chunks.empty() || m_chunks.back().size() == kChunk) {
            m_chunks.emplace_back();
            if (m_chunks.size() > 1)
                m_chunks.back().reserve(kChunk);
        }
        return m_chunks.back();
    }
    void check(std::size_t i) const
    {
        if (i >= m_size)
            throw std::out_of_range("SegmentedVector::at");
    }

    // A random-access iterator by position: the container and an index.
    template<bool Const> class Iter {
        using Owner = std::conditional_t<Const, const SegmentedVector, SegmentedVector>;

    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = std::conditional_t<Const, const T*, T*>;
        using reference = std::conditional_t<Const, const T&, T&>;

        Iter() = default;
        Iter(Owner* owner, std::size_t i)
            : m_owner(owner)
            , m_i(static_cast<std::ptrdiff_t>(i))
        {
        }
        // An iterator converts to a const one (as a vector's does); moc's parser reads this header, so no concepts.
        template<bool C = Const, typename = std::enable_if_t<!C>> operator Iter<true>() const
        {
            return { m_owner, static_cast<std::size_t>(m_i) };
        }

        reference operator*() const { return (*m_owner)[static_cast<std::size_t>(m_i)]; }
        pointer operator->() const { return &**this; }
        reference operator[](difference_type n) const { return *(*this + n); }
        Iter& operator++()
        {
            ++m_i;
            return *this;
        }
        Iter operator++(int)
        {
            Iter was = *this;
            ++m_i;
            return was;
        }
        Iter& operator--()
        {
            --m_i;
            return *this;
        }
        Iter operator--(int)
        {
            Iter was = *this;
            --m_i;
            return was;
        }
        Iter& operator+=(difference_type n)
        {
            m_i += n;
            return *this;
        }
        Iter& operator-=(difference_type n)
        {
            m_i -= n;
            return *this;
        }
        friend Iter operator+(Iter it, difference_type n) { return it += n; }
        friend Iter operator+(difference_type n, Iter it) { return it += n; }
        friend Iter operator-(Iter it, difference_type n) { return it -= n; }
        friend difference_type operator-(const Iter& a, const Iter& b) { return a.m_i - b.m_i; }
        friend bool operator==(const Iter& a, const Iter& b) { return a.m_i == b.m_i; }
        friend bool operator!=(const Iter& a, const Iter& b) { return a.m_i != b.m_i; }
        friend bool operator<(const Iter& a, const Iter& b) { return a.m_i < b.m_i; }
        friend bool operator>(const Iter& a, const Iter& b) { return a.m_i > b.m_i; }
        friend bool operator<=(const Iter& a, const Iter& b) { return a.m_i <= b.m_i; }
        friend bool operator>=(const Iter& a, const Iter& b) { return a.m_i >= b.m_i; }

    private:
        Owner* m_owner = nullptr;
        std::ptrdiff_t m_i = 0;
    };

    std::vector<std::vector<T>> m_chunks;
    std::size_t m_size = 0;
};

} // namespace iw
