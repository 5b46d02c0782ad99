// What the tests of a store engine on a real server share (tst_redisstore, tst_mysqlstore): the engine's presets, a
// run's report as the JSON text the preset CTests compare byte for byte. Include it only in a test linked to
// iwsimulation.
#pragma once

#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "storeengine.h"

#include <QDir>
#include <QString>
#include <QStringList>

#include <sstream>
#include <string>

namespace iwtest {

// The JSON report of a run.
inline std::string reportOf(iw::Simulation& sim)
{
    std::ostringstream out;
    iw::writeReport(sim, out, iw::ReportFormat::Json);
    return out.str();
}

// The paths of the presets (resources/scenarios) whose scenarios run on `engine`, by name.
inline QStringList enginePresets(iw::StoreEngine engine)
{
    QStringList out;
    const QDir dir(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios"));
    for (const QString& f : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
        const iw::Scenario s = iw::loadScenarioFile(dir.filePath(f).toStdString());
        if (s.service.storeEngine == engine)
            out << dir.filePath(f);
    }
    return out;
}

} // namespace iwtest
