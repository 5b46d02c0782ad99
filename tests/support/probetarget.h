// `serve` as the target of `probe` (tst_probe, tst_probewindow): one request's scenario under a profile, its
// fingerprint ignoring /note, served on a free port of 127.0.0.1.
#pragma once

#include "servedprocess.h"

#include <QFile>
#include <QString>
#include <QStringList>

namespace iwtest {

#ifdef IW_CLI
// Writes the scenario into `dir` and starts `serve` on it with `extra` arguments; `serviceExtra` is added to the
// scenario's service object (`, "key": value`).
inline bool startProbeTarget(ServeProcess& serve, const QString& dir, const QString& profile,
    const QStringList& extra = {}, const QString& serviceExtra = {})
{
    const QString path = dir + QStringLiteral("/scenario-") + profile + QStringLiteral(".json");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(QStringLiteral(R"({"format": "idempotency-workbench/scenario@1", "name": "probe-target", "seed": 1,
            "service": {"profile": "%1", "fingerprint": {"ignore": ["/note"]}%2},
            "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
            "requests": [{"at_ms": 0, "client": "c", "operation": "x", "key": "k", "payload": {}}]})")
                .arg(profile, serviceExtra)
                .toUtf8());
    f.close();
    return serve.start(QStringList { path, QStringLiteral("--port"), QStringLiteral("0") } + extra);
}
#endif

} // namespace iwtest
