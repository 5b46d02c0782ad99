// Fuzzes the served service with request bodies, as `serve` hands them over: the first byte chooses the content type
// (JSON, a form, another) and the headers' variants; the rest is the body. Each input serves the body three times on
// one clock — under two keys and once again, so the replay, the identical-body path and the mismatch path run — then
// checks the answers, the report and the recording. Issue 48's findings 11 (a form read in quadratic time) and 12
// (a tree of values kept per request) were on these paths; inputs are at most 64 KiB (run.sh's -max_len) and each
// has a time and memory bound from libFuzzer (-timeout, -rss_limit_mb).
//
// Invariants:
// - no crash, no undefined behaviour, no exception;
// - every request submitted gets exactly one answer; a problem document parses as JSON and names its decision;
// - a body the service could read is kept once: the session's payload bytes do not grow with identical bodies;
// - the report is valid JSON with one entry per request;
// - the recording loads, and running it gives the same decision for every recorded request (what is recorded
//   replays, finding 9).
#include "fuzzcheck.h"

#include "httpparser.h"
#include "json.h"
#include "report.h"
#include "scenario.h"
#include "servedservice.h"
#include "simulation.h"
#include "store.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>

namespace {

iw::HttpRequest request(std::string_view body, std::uint8_t shape, const std::string& key)
{
    iw::HttpRequest r;
    r.method = (shape & 0x10) ? "PUT" : "POST";
    r.target = "/v1/things?x=1";
    r.headers.push_back({ "host", "fuzz" });
    switch (shape % 4) {
    case 0:
        r.headers.push_back({ "content-type", "application/json" });
        break;
    case 1:
        r.headers.push_back({ "content-type", "application/x-www-form-urlencoded" });
        break;
    case 2:
        r.headers.push_back({ "content-type", "application/problem+json; charset=utf-8" });
        break;
    default:
        r.headers.push_back({ "content-type", "text/plain" });
        break;
    }
    r.headers.push_back({ "idempotency-key", key });
    if (shape & 0x20)
        r.headers.push_back({ "x-intent", "fuzz-intent" });
    if (shape & 0x40)
        r.headers.push_back({ "authorization", "Basic ZnV6ejpwdw==" });
    r.body = std::string(body);
    r.hasBody = !body.empty();
    return r;
}

std::vector<std::string> decisionsOf(const iw::json::Value& report)
{
    std::vector<std::string> out;
    for (const iw::json::Value& r : report.find("requests")->array) {
        const iw::json::Value* d = r.find("decision");
        out.push_back(d && d->isString() ? d->string : std::string("null"));
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1 || size > 65536 + 1)
        return 0;
    const std::uint8_t shape = data[0];
    const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);

    iw::Scenario scenario;
    scenario.name = "fuzz";
    scenario.seed = 1;
    scenario.service = iw::ServicePolicy::forProfile(iw::Profile::Ietf);
    scenario.service.handlerMs = (shape & 0x80) ? 5 : 0;
    auto store = iw::makeMemoryStore();
    iw::ServedService service(scenario, *store);
    service.beginServing(0);

    std::vector<std::uint64_t> tickets;
    const char* keys[] = { "\"k-1\"", "\"k-2\"", "\"k-1\"" };
    std::int64_t bytesAfterFirst = 0;
    for (int i = 0; i < 3; ++i) {
        iw::ServedRequest served = service.read(request(body, shape, keys[i]));
        if (service.refusalAtDoor(served, i * 10))
            return 0; // refused before the service: nothing of it is kept
        tickets.push_back(service.submit(std::move(served), i * 10));
        if (i == 0)
            bytesAfterFirst = service.payloadBytes();
    }
    // Identical bodies are kept once.
    IW_FUZZ_CHECK(service.payloadBytes() == bytesAfterFirst);
    service.advance(1000);
    std::vector<iw::ServedAnswer> answers = service.takeAnswers();
    IW_FUZZ_CHECK(answers.size() == tickets.size());
    for (const iw::ServedAnswer& a : answers) {
        IW_FUZZ_CHECK(std::find(tickets.begin(), tickets.end(), a.ticket) != tickets.end());
        if (!a.respond)
            continue;
        if (a.contentType == "application/problem+json") {
            const iw::json::Value problem = iw::json::parse(a.body);
            IW_FUZZ_CHECK(problem.find("decision") && problem.find("decision")->string == std::string(a.decision));
        }
        std::string bytes;
        a.appendResponse(bytes, true);
        IW_FUZZ_CHECK(bytes.compare(0, 9, "HTTP/1.1 ") == 0);
    }

    std::ostringstream out;
    service.writeReport(out);
    const iw::json::Value report = iw::json::parse(out.str());
    const std::vector<std::string> served = decisionsOf(report);
    IW_FUZZ_CHECK(served.size() == tickets.size());

    // The recording replays: the same decision for every request it holds (those whose body could not be read are
    // left out, as a scenario cannot express them; with none left there is no scenario to run).
    std::vector<std::string> recordable;
    for (const std::string& d : served) {
        if (d != "rejected_payload")
            recordable.push_back(d);
    }
    if (recordable.empty())
        return 0;
    const iw::Scenario recorded = iw::loadScenario(service.recording(), "recording.json");
    auto replayStore = iw::makeMemoryStore();
    iw::Simulation replay(recorded, *replayStore);
    replay.runToEnd();
    std::ostringstream rerun;
    iw::writeReport(replay, rerun, iw::ReportFormat::Json);
    const std::vector<std::string> replayed = decisionsOf(iw::json::parse(rerun.str()));
    IW_FUZZ_CHECK(replayed == recordable);
    return 0;
}
