// Serve outputs: every byte `serve`'s service produces for generated traffic, in process and without sockets, so that
// two builds can be compared byte for byte after a change of the owner path (docs/benchmarks.md serve_throughput). For
// each scenario (the bench's own, three of this program's and every file given or found in the presets' folder) and
// each of three generated traffics, it feeds ServedService requests as the HTTP server hands them over — owner paths,
// replays, mismatches, forms, bad JSON, 413, 415, bad and repeated keys, keyless and GET requests, actors from
// Authorization and X-Actor, clients from User-Agent and X-Client (the scenario's fault clients among them), X-Intent,
// clock jumps, a reset, clients gone before their answer, answers not written in full — and writes out every door
// refusal and every answer's bytes, the GET /_workbench/report of the middle (whole and summary), the final report as
// JSON, CSV and Markdown, and the recording.
// Usage: serve_outputs [--full] [--requests N] [scenario.json | folder]...
// Without --full it prints a SHA-256 per scenario and traffic and, last, one JSON line with the count of outputs and a
// SHA-256 of them all; with --full, every output itself (to diff two builds where the digests differ).
#include "fingerprint.h"
#include "httpparser.h"
#include "report.h"
#include "scenario.h"
#include "servedservice.h"
#include "storeengine.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace iw;

namespace {

// The scenarios of this program: the benchmark's (ietf, handler and store at 0 ms), faults aimed at served clients and
// attempts (with a rate), the stripe profile with faults, and a handler slow enough for conflicts and waits. A scenario
// needs a client and a request, which `serve` leaves out.
const char* const kOwnScenarios[] = {
    R"({"format": "idempotency-workbench/scenario@1", "name": "bench", "seed": 1,
        "service": {"profile": "ietf", "handler_ms": 0, "db_ms": 0}, "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "x", "key": "k", "payload": {}}]})",
    R"({"format": "idempotency-workbench/scenario@1", "name": "served-faults", "seed": 7,
        "service": {"profile": "ietf", "handler_ms": 20, "db_ms": 2, "conflict_retry_after_s": 1}, "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "x", "key": "k", "payload": {}}],
        "faults": [
          {"kind": "crash_after_effect", "client": "app", "attempt": 1},
          {"kind": "drop_response", "client": "curl", "rate": 0.5},
          {"kind": "handler_error", "attempt": 2, "status": 503},
          {"kind": "slow_handler", "client": "Stripe", "handler_ms": 400},
          {"kind": "drop_request", "attempt": 3},
          {"kind": "db_down", "from_ms": 3000, "to_ms": 3400}
        ]})",
    R"({"format": "idempotency-workbench/scenario@1", "name": "stripe-faults", "seed": 3,
        "service": {"profile": "stripe", "handler_ms": 5, "db_ms": 1}, "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "x", "key": "k", "payload": {}}],
        "faults": [
          {"kind": "crash_before_effect", "client": "app", "rate": 0.3},
          {"kind": "reject_payload", "attempt": 2, "status": 422}
        ]})",
    R"({"format": "idempotency-workbench/scenario@1", "name": "slow-handler", "seed": 5,
        "service": {"profile": "ietf", "handler_ms": 300, "db_ms": 3, "in_progress_lease_ms": 200,
                    "conflict_retry_after_s": 2}, "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "x", "key": "k", "payload": {}}]})",
};

struct Rng {
    std::uint64_t state;
    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

struct Sent {
    std::string key;
    std::string body;
    std::string actorHeader; // authorization value, or empty
    std::string client;
};

class Outputs {
public:
    explicit Outputs(bool full)
        : m_full(full)
    {
    }
    // One output: its name and bytes.
    void add(const std::string& name, const std::string& bytes)
    {
        ++m_count;
        m_part += name;
        m_part += '\n';
        m_part += std::to_string(bytes.size());
        m_part += '\n';
        m_part += bytes;
        m_part += '\n';
        if (m_full)
            std::cout << "=== " << name << " (" << bytes.size() << " bytes)\n" << bytes << '\n';
    }
    // The outputs since the last call, as one digest line.
    void endPart(const std::string& name)
    {
        const std::string digest = sha256Hex(m_part);
        m_all += digest;
        std::cout << name << ": " << digest << '\n';
        m_part.clear();
    }
    std::int64_t count() const { return m_count; }
    std::string digest() const { return sha256Hex(m_all); }

private:
    bool m_full;
    std::int64_t m_count = 0;
    std::string m_part;
    std::string m_all;
};

std::string streamedReport(Simulation& simulation, bool summaryOnly)
{
    ReportStream stream(simulation, summaryOnly);
    std::string out;
    for (int turns = 0; stream.writeSome(out, 4096); ++turns) { }
    return out;
}

// One traffic of `requests` requests on one scenario.
void serveTraffic(const Scenario& scenario, int traffic, int requests, Outputs& outputs)
{
    auto store = makeModelStore(scenario.service);
    ServedService service(scenario, *store);
    Millis wall = 1000 * traffic;
    service.beginServing(wall);
    // The clients the scenario's faults name, and some of real clients' names.
    std::vector<std::string> clients = { "app", "curl", "Stripe", "python-requests" };
    for (const FaultSpec& f : scenario.faults) {
        if (f.client && std::find(clients.begin(), clients.end(), *f.client) == clients.end())
            clients.push_back(*f.client);
    }
    Rng rng { 0x5eed0000ULL + static_cast<std::uint64_t>(traffic) * 7919 };
    std::vector<Sent> sent;
    std::set<std::uint64_t> heads; // tickets of HEAD requests: answered without a body
    std::vector<std::uint64_t> pending;
    std::vector<ServedAnswer> answers;
    std::string log; // refusals and answers, in order
    int keyNumber = 0;
    const auto drain = [&]() {
        service.takeAnswers(answers);
        for (const ServedAnswer& a : answers) {
            log += "answer " + std::to_string(a.ticket) + (a.respond ? "" : " closed") + "\n";
            if (!a.respond)
                continue;
            std::string bytes;
            a.appendResponse(bytes, (a.ticket & 1) == 0, heads.count(a.ticket) == 0);
            log += bytes;
            log += '\n';
            // Now and then the client goes away while its answer is written.
            service.settle(a.ticket, rng.below(13) != 0);
        }
    };
    const std::vector<std::string> bodies = { R"({"amount": 100})", R"({"amount": 100, "currency": "EUR"})",
        R"({"currency":"EUR","amount":100})", R"({"items": [1, 2.50, 3e2], "note": "caf\u00e9"})", R"([])",
        R"({"amount": 250, "nested": {"a": null, "b": true}})" };
    for (int i = 0; i < requests; ++i) {
        wall += rng.below(8) == 0 ? 1500 + rng.below(3000) : rng.below(40);
        service.advance(wall);
        drain();
        if (rng.below(70) == 0) {
            const Millis to = service.advanceClock(rng.below(2) ? 70'000 : 1'000, wall);
            log += "clock " + std::to_string(to) + "\n";
            drain();
        }
        if (traffic == 2 && i == requests / 3) {
            service.reset(wall);
            sent.clear();
            log += "reset\n";
        }
        if (i == requests / 2) {
            outputs.add("report mid", streamedReport(service.simulation(), false));
            outputs.add("report mid summary", streamedReport(service.simulation(), true));
        }
        HttpRequest http;
        http.method = "POST";
        http.target = rng.below(6) == 0 ? "/v1/refunds?source=web" : "/v1/orders";
        std::string body = bodies[static_cast<std::size_t>(rng.below(static_cast<int>(bodies.size())))];
        std::string contentType = "application/json";
        std::string key;
        std::string authorization;
        std::string client = rng.below(3) == 0
            ? std::string()
            : clients[static_cast<std::size_t>(rng.below(static_cast<int>(clients.size())))];
        const int kind = rng.below(100);
        bool keyless = false;
        if (kind < 40 || sent.empty()) {
            key = "\"k-" + std::to_string(traffic) + "-" + std::to_string(++keyNumber) + "\"";
        } else if (kind < 58) { // a replay: the same key, body, actor and client
            const Sent& s = sent[static_cast<std::size_t>(rng.below(static_cast<int>(sent.size())))];
            key = s.key;
            body = s.body;
            authorization = s.actorHeader;
            client = s.client;
        } else if (kind < 66) { // a mismatch, or a new body under the same key
            const Sent& s = sent[static_cast<std::size_t>(rng.below(static_cast<int>(sent.size())))];
            key = s.key;
            authorization = s.actorHeader;
            client = s.client;
            body = R"({"amount": )" + std::to_string(1 + rng.below(1000)) + "}";
        } else if (kind < 71) {
            contentType = "application/x-www-form-urlencoded";
            body = rng.below(2) ? "amount=100&currency=EUR" : "a=1&a=2&b%5B%5D=x+y";
            key = "\"k-form-" + std::to_string(traffic) + "-" + std::to_string(rng.below(4)) + "\"";
        } else if (kind < 74) {
            body = R"({"amount": 1,)";
            key = "\"k-bad-" + std::to_string(++keyNumber) + "\"";
        } else if (kind < 76) {
            http.bodyTooLarge = true;
            key = "\"k-big-" + std::to_string(++keyNumber) + "\"";
        } else if (kind < 79) {
            contentType = rng.below(2) ? "text/plain" : "";
            key = "\"k-text-" + std::to_string(++keyNumber) + "\"";
        } else if (kind < 82) {
            key = rng.below(2) ? "k-token-1" : "\"k\\\"q\"";
        } else if (kind < 84) {
            key = "\"k-twice\"";
            http.headers.push_back({ "idempotency-key", "\"k-twice-2\"" });
        } else if (kind < 85) {
            key = std::string("\"k-\xff\xfe\"");
        } else if (kind < 91) {
            keyless = true;
        } else if (kind < 95) {
            http.method = rng.below(2) ? "GET" : "HEAD";
            http.target = "/v1/orders/7";
            body.clear();
            key = "\"k-read\"";
        } else {
            key = "\"k-" + std::to_string(traffic) + "-" + std::to_string(++keyNumber) + "\"";
            http.headers.push_back({ "x-intent", rng.below(3) == 0 ? "req5" : "order-" + std::to_string(i % 7) });
        }
        if (authorization.empty() && rng.below(4) == 0)
            authorization = rng.below(2) ? "Basic YWxpY2U6cHc=" : "Bearer tok-" + std::to_string(rng.below(3));
        if (!authorization.empty())
            http.headers.push_back({ "authorization", authorization });
        else if (rng.below(10) == 0)
            http.headers.push_back({ "x-actor", "bob" });
        if (!client.empty()) {
            if (client == "Stripe")
                http.headers.push_back({ "user-agent", "Stripe/v1 NodeBindings/23.1.0" });
            else
                http.headers.push_back({ "x-client", client });
        }
        if (!contentType.empty())
            http.headers.push_back({ "content-type", contentType });
        if (!keyless && !key.empty())
            http.headers.push_back({ "idempotency-key", key });
        if (!body.empty() && !http.bodyTooLarge) {
            http.body = body;
            http.hasBody = true;
        }
        if (!keyless && !key.empty() && http.method == "POST" && !http.bodyTooLarge)
            sent.push_back({ key, body, authorization, client });
        const bool head = http.method == "HEAD";
        ServedRequest served = service.read(std::move(http));
        if (const auto refusal = service.refusalAtDoor(served, wall)) {
            log += "refused " + std::to_string(refusal->status) + " " + refusal->detail + "\n";
            continue;
        }
        const std::uint64_t ticket = service.submit(std::move(served), wall);
        log += "ticket " + std::to_string(ticket) + "\n";
        if (head)
            heads.insert(ticket);
        // Some clients give up before their answer (a slow handler's answer comes later).
        if (rng.below(17) == 0)
            service.clientGone(ticket);
        drain();
    }
    // Serving stops: what still runs gets its grace period, then dies.
    wall += 500;
    service.advance(wall);
    drain();
    service.stopUnfinished(wall);
    drain();
    outputs.add("answers", log);
    std::ostringstream json;
    service.writeReport(json);
    outputs.add("report json", json.str());
    for (const auto& [name, format] :
        { std::pair { "report csv", ReportFormat::Csv }, std::pair { "report markdown", ReportFormat::Markdown } }) {
        std::ostringstream out;
        writeReport(service.simulation(), out, format);
        outputs.add(name, out.str());
    }
    outputs.add("recording", service.recording());
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    bool full = false;
    int requests = 200;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--full")
            full = true;
        else if (arg == "--requests" && i + 1 < argc)
            requests = std::atoi(argv[++i]);
        else
            paths.push_back(arg);
    }
    if (paths.empty())
        paths.push_back(IW_SOURCE_DIR "/resources/scenarios");
    std::vector<std::pair<std::string, std::string>> scenarios; // name, text
    for (const char* text : kOwnScenarios)
        scenarios.emplace_back(std::string("own:") + std::to_string(scenarios.size()), text);
    for (const std::string& path : paths) {
        std::vector<std::filesystem::path> files;
        if (std::filesystem::is_directory(path)) {
            for (const auto& e : std::filesystem::directory_iterator(path)) {
                if (e.path().extension() == ".json")
                    files.push_back(e.path());
            }
            std::sort(files.begin(), files.end());
        } else {
            files.emplace_back(path);
        }
        for (const auto& file : files) {
            std::ifstream in(file, std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            scenarios.emplace_back(file.filename().string(), text.str());
        }
    }
    Outputs outputs(full);
    int served = 0;
    for (const auto& [name, text] : scenarios) {
        Scenario scenario;
        try {
            scenario = loadServedScenario(text, name);
        } catch (const std::exception& e) {
            std::cout << name << ": not served (" << e.what() << ")\n";
            continue;
        }
        ++served;
        for (int traffic = 0; traffic < 3; ++traffic) {
            try {
                serveTraffic(scenario, traffic, requests, outputs);
            } catch (const std::exception& e) {
                outputs.add("exception", e.what());
            }
            outputs.endPart(name + " traffic " + std::to_string(traffic));
        }
    }
    std::cout << "{\"bench\": \"serve_outputs\", \"scenarios\": " << served << ", \"outputs\": " << outputs.count()
              << ", \"sha256\": \"" << outputs.digest() << "\"}\n";
    return 0;
}
