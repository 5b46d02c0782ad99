// Fuzzes the live-table mapping loader (iw::parseMapping) and its writer (iw::mappingJson).
//
// Invariants:
// - parsing either returns a mapping or throws iw::MappingError — JSON syntax errors included; nothing else
//   escapes, nothing crashes;
// - the error's text starts with the file name and is one line of valid UTF-8;
// - an accepted mapping written with mappingJson parses back to an equal mapping, and writing that again gives
//   the same bytes.
#include "fuzzcheck.h"

#include "livemapping.h"

#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string file = "fuzz.json";
    iw::LiveMapping mapping;
    try {
        mapping = iw::parseMapping(text, file);
    } catch (const iw::MappingError& e) {
        const std::string_view message = e.what();
        IW_FUZZ_CHECK(message.substr(0, file.size() + 1) == file + ":");
        IW_FUZZ_CHECK(message.find('\n') == std::string_view::npos);
        IW_FUZZ_CHECK(iwfuzz::isValidUtf8(message));
        return 0;
    }
    const std::string written = iw::mappingJson(mapping);
    iw::LiveMapping reread;
    try {
        reread = iw::parseMapping(written, "written.json");
    } catch (const iw::MappingError& e) {
        std::fprintf(stderr, "written mapping rejected: %s\n--- written ---\n%s\n", e.what(), written.c_str());
        IW_FUZZ_CHECK(!"a written mapping must parse again");
    }
    if (!(reread == mapping))
        std::fprintf(
            stderr, "--- written ---\n%s\n--- rewritten ---\n%s\n", written.c_str(), iw::mappingJson(reread).c_str());
    IW_FUZZ_CHECK(reread == mapping);
    IW_FUZZ_CHECK(iw::mappingJson(reread) == written);
    return 0;
}
