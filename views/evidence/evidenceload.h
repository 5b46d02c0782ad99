// Reading evidence for the window, off the GUI thread: what to read (the files, the profile, the table's rows from an
// inspection file or a live table read-only, as the command line does) and what came of it. A Load runs on its own
// thread, reports its progress, and stops when cancelled (a 3 GB log must not hold the window).
#pragma once

#include "reconstruction.h"
#include "reconstructreport.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <thread>

namespace iw {

struct EvidenceRequest {
    QStringList files;
    QString profile = QStringLiteral("ietf");
    QString keyHeader = QStringLiteral("Idempotency-Key");
    bool assumeUtc = false;
    enum class Rows : std::uint8_t { None, InspectionFile, LiveTable };
    Rows rows = Rows::None;
    QString rowsFile; // Rows::InspectionFile: the JSON of inspect --json
    QString conninfo; // Rows::LiveTable
    QString password; // never kept past the reading
    QString table;
    QString mapping = QStringLiteral("seed");
    bool transactionPooler = false;
};

// What a finished reading holds: everything the window shows, saves and replays.
struct EvidenceLoad {
    EvidenceRequest request; // without its password
    ReconstructOptions options; // without its progress callback
    ReportContext context;
    ReconstructResult result;
    // The files as the window names them (their names without folders), in result.files' order.
    std::vector<std::string> shownFiles;
};

// The options `request` asks for; false with `error` (a sentence) when one is not valid.
bool evidenceOptions(const EvidenceRequest& request, ReconstructOptions& options, QString& error);

class EvidenceLoader : public QObject {
    Q_OBJECT
public:
    explicit EvidenceLoader(QObject* parent = nullptr);
    ~EvidenceLoader() override; // cancels a reading and waits for its thread

    // Starts reading; false (nothing started) while another reading runs.
    bool start(const EvidenceRequest& request);
    bool isRunning() const { return m_worker.joinable(); }
    // Asks the reading to stop; cancelled() follows once it has.
    void cancel();

Q_SIGNALS:
    void progress(const iw::ReconstructProgress& progress);
    void finished(std::shared_ptr<iw::EvidenceLoad> load);
    // A sentence naming the file (or the database) and what went wrong.
    void failed(const QString& error);
    void cancelled();

private:
    struct Run;
    void done(const std::shared_ptr<Run>& run);

    std::shared_ptr<Run> m_run;
    std::thread m_worker;
};

} // namespace iw

Q_DECLARE_METATYPE(iw::ReconstructProgress)
