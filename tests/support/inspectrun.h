// `inspect` run in the test's own process, as the command line runs it (app/inspectcommand.h), for the live tests
// (tst_live, tst_liveoncall): its exit code, standard output and standard error as text. Include it only in a test
// linked to iwapp.
#pragma once

#include "inspectcommand.h"

#include <QString>
#include <QStringList>
#include <QTextStream>

namespace iwtest {

struct InspectRun {
    int code = 0;
    QString out;
    QString err;
};

inline InspectRun inspect(const QStringList& args)
{
    InspectRun r;
    QTextStream out(&r.out);
    QTextStream err(&r.err);
    r.code = iw::runInspectCommand(args, out, err);
    out.flush();
    err.flush();
    return r;
}

} // namespace iwtest
