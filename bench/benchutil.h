// Shared helpers for the benchmarks: medians, wall time and resident memory. Header-only so each benchmark stays
// one executable (bench/*.cpp are globbed one executable each).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <malloc.h>
#include <string>
#include <vector>

namespace iw::bench {

inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

inline double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Current resident set size in bytes (from /proc/self/statm).
inline long long residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    long long pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * 4096;
}

// Bytes the allocator has handed out and not had back (heap and mmap'ed blocks): what a run retains, free of the
// RSS that freed-but-kept memory of an earlier run would hide or add.
inline long long heapInUseBytes()
{
    const struct mallinfo2 info = mallinfo2();
    return static_cast<long long>(info.uordblks + info.hblkhd);
}

inline std::string fixed(double v, int digits = 1)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

} // namespace iw::bench
