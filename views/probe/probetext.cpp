// The probe's words in the GUI's language (see probetext.h).
#include "probetext.h"

namespace iw {

QString ProbeText::checkWhat(ProbeCheck check, const ProbeOptions& o)
{
    switch (check) {
    case ProbeCheck::ExpectedKeySyntax:
        return tr("A token, the same key quoted, a %1-character key and an empty key: which the service accepts, and "
                  "whether \"k\" and k are one key")
            .arg(kLongKeyLength);
    case ProbeCheck::MissingKey:
        return tr("The body without an Idempotency-Key");
    case ProbeCheck::Replay:
        return tr("The body twice with one key: the same status and body bytes, Location and Content-Type kept");
    case ProbeCheck::MismatchSignificant:
        return tr("The key again with a changed significant field: refused");
    case ProbeCheck::MismatchDisplay:
        return tr("The key again with a changed display-only field: still a replay");
    case ProbeCheck::Concurrent:
        return tr("%1 requests with one key at once: one execution, never a 5xx").arg(o.concurrency);
    case ProbeCheck::RetryWhileRunning:
        return tr("The slow body, and the same again 50 ms later while the first still runs");
    case ProbeCheck::LostResponse:
        return tr("A request sent whole and its connection closed without reading a byte, then retries with the same "
                  "key: the first's result, one execution");
    case ProbeCheck::OtherActor:
        return tr("The same key from another user: neither reads nor blocks the first's result");
    case ProbeCheck::ErrorThenFixed:
        return tr("A body that is not JSON, then the fixed body with the same key");
    }
    return {};
}

QString ProbeText::checkNeeds(ProbeCheck check)
{
    switch (check) {
    case ProbeCheck::MismatchSignificant:
        return tr("Needs a significant field (one that decides the effect).");
    case ProbeCheck::MismatchDisplay:
        return tr("Needs a display-only field (one that does not decide the effect).");
    case ProbeCheck::RetryWhileRunning:
        return tr("Needs a slow body (one the service takes a while to handle).");
    case ProbeCheck::OtherActor:
        return tr("Needs another user's Authorization.");
    default:
        return tr("Cannot run with these fields.");
    }
}

QString ProbeText::verdict(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return tr("pass");
    case Verdict::Fail:
        return tr("fail");
    case Verdict::Unobservable:
        return tr("unobservable");
    case Verdict::NotApplicable:
        return tr("not applicable");
    }
    return {};
}

QString ProbeText::outcome(WireOutcome o)
{
    switch (o) {
    case WireOutcome::Response:
        return tr("answered");
    case WireOutcome::ClosedBeforeReading:
        return tr("closed before reading the answer");
    case WireOutcome::NoAnswer:
        return tr("the server closed the connection without an answer");
    case WireOutcome::Timeout:
        return tr("no answer before the deadline");
    case WireOutcome::Unreachable:
        return tr("no connection could be made");
    case WireOutcome::TlsRefused:
        return tr("the TLS handshake failed");
    case WireOutcome::Malformed:
        return tr("the answer is not HTTP");
    case WireOutcome::Cancelled:
        return tr("cancelled");
    }
    return {};
}

} // namespace iw
