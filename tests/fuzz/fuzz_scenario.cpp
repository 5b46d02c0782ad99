// Fuzzes the scenario loader (iw::loadScenario) and its inverse (iw::saveScenario).
//
// Invariants:
// - loading either returns a scenario or throws iw::ScenarioError — JSON syntax errors included; no other
//   exception escapes, nothing crashes;
// - the error's text starts with the file name, names a line and column whenever it has a position, and is one
//   line of valid UTF-8;
// - an accepted scenario saved and loaded again is accepted, and saving that gives the same bytes.
#include "fuzzcheck.h"

#include "scenario.h"

#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string file = "fuzz.json";
    iw::Scenario scenario;
    try {
        scenario = iw::loadScenario(text, file);
    } catch (const iw::ScenarioError& e) {
        const std::string_view message = e.what();
        IW_FUZZ_CHECK(message.substr(0, file.size() + 1) == file + ":");
        IW_FUZZ_CHECK(message.find('\n') == std::string_view::npos);
        IW_FUZZ_CHECK(iwfuzz::isValidUtf8(message));
        IW_FUZZ_CHECK(e.position().line >= 1 && e.position().column >= 1);
        IW_FUZZ_CHECK(!e.detail().empty());
        return 0;
    }
    IW_FUZZ_CHECK(!scenario.name.empty());
    IW_FUZZ_CHECK(!scenario.clients.empty() && !scenario.requests.empty());

    const std::string saved = iw::saveScenario(scenario);
    iw::Scenario reloaded;
    try {
        reloaded = iw::loadScenario(saved, "saved.json");
    } catch (const iw::ScenarioError& e) {
        std::fprintf(stderr, "saved scenario rejected: %s\n--- saved ---\n%s\n", e.what(), saved.c_str());
        IW_FUZZ_CHECK(!"a saved scenario must load again");
    }
    const std::string savedAgain = iw::saveScenario(reloaded);
    if (savedAgain != saved)
        std::fprintf(stderr, "--- first save ---\n%s\n--- second save ---\n%s\n", saved.c_str(), savedAgain.c_str());
    IW_FUZZ_CHECK(savedAgain == saved);
    return 0;
}
