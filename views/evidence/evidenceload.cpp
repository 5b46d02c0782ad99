// Reading evidence off the GUI thread (see evidenceload.h).
#include "evidenceload.h"

#include "liveconnection.h"
#include "livemapping.h"
#include "liverows.h"
#include "policy.h"
#include "wholeinput.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <chrono>

namespace iw {

bool evidenceOptions(const EvidenceRequest& request, ReconstructOptions& options, QString& error)
{
    const auto profile = profileFromName(request.profile.toStdString());
    if (!profile) {
        error = EvidenceLoader::tr("Unknown profile \"%1\".").arg(request.profile);
        return false;
    }
    options.profile = request.profile.toStdString();
    options.policy = ServicePolicy::forProfile(*profile);
    options.read.fingerprint = options.policy.fingerprint;
    options.read.policy = options.policy;
    static const QRegularExpression token(QStringLiteral("^[A-Za-z0-9!#$%&'*+.^_`|~-]+$"));
    if (!token.match(request.keyHeader).hasMatch()) {
        error = EvidenceLoader::tr("\"%1\" is not a header name.").arg(request.keyHeader);
        return false;
    }
    options.read.keyHeader = request.keyHeader.toStdString();
    options.read.assumeUtc = request.assumeUtc;
    if (request.rows == EvidenceRequest::Rows::LiveTable && !request.table.isEmpty())
        options.read.table = request.table.toStdString();
    options.keepExchanges = true;
    return true;
}

struct EvidenceLoader::Run {
    EvidenceRequest request;
    std::atomic<bool> cancel { false };
    std::atomic<bool> progressQueued { false }; // one progress event waits in the GUI's queue at most
    std::shared_ptr<EvidenceLoad> load;
    QString error;
    bool cancelled = false;
};

EvidenceLoader::EvidenceLoader(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<iw::ReconstructProgress>();
    qRegisterMetaType<std::shared_ptr<iw::EvidenceLoad>>();
}

EvidenceLoader::~EvidenceLoader()
{
    if (m_run)
        m_run->cancel = true;
    if (m_worker.joinable())
        m_worker.join();
}

bool EvidenceLoader::start(const EvidenceRequest& request)
{
    if (isRunning())
        return false;
    auto run = std::make_shared<Run>();
    run->request = request;
    m_run = run;
    m_worker = std::thread([this, run] {
        auto load = std::make_shared<EvidenceLoad>();
        try {
            QString error;
            if (!evidenceOptions(run->request, load->options, error)) {
                run->error = error;
            } else {
                std::vector<std::string> paths;
                for (const QString& f : run->request.files)
                    paths.push_back(f.toStdString());
                const auto fileIndex = static_cast<std::uint32_t>(paths.size());
                std::vector<EvidenceRow> rows;
                ReportContext& context = load->context;
                context.profile = load->options.profile;
                if (run->request.rows == EvidenceRequest::Rows::InspectionFile) {
                    QFile f(run->request.rowsFile);
                    if (!f.open(QIODevice::ReadOnly))
                        throw ReconstructError(
                            run->request.rowsFile.toStdString() + ": " + f.errorString().toStdString());
                    std::string readError;
                    const auto bytes = readWholeInput(f, "an inspection", readError);
                    if (!bytes)
                        throw ReconstructError(run->request.rowsFile.toStdString() + ": " + readError);
                    rows = rowsFromInspection(bytes->toStdString(), run->request.rowsFile.toStdString(), fileIndex);
                    context.rowsSource = run->request.rowsFile.toStdString();
                } else if (run->request.rows == EvidenceRequest::Rows::LiveTable) {
                    const auto& r = run->request;
                    const LiveMapping mapping = resolveMapping(r.mapping.toStdString()); // before connecting
                    auto connection
                        = LiveConnection::open(r.conninfo.toStdString(), r.password.toStdString(), r.transactionPooler);
                    rows = liveEvidenceRows(*connection, mapping, r.table.toStdString(), fileIndex);
                    context.rowsSource = "table " + run->request.table.toStdString();
                }
                ReconstructOptions options = load->options;
                options.progress = [this, run](const ReconstructProgress& p) {
                    if (!run->progressQueued.exchange(true))
                        QMetaObject::invokeMethod(
                            this,
                            [this, run, p] {
                                run->progressQueued = false;
                                if (run == m_run)
                                    Q_EMIT progress(p);
                            },
                            Qt::QueuedConnection);
                    return !run->cancel.load();
                };
                load->result = reconstruct(paths, options, rows);
                if (!context.rowsSource.empty())
                    load->result.files.push_back(context.rowsSource);
                for (const std::string& f : load->result.files)
                    load->shownFiles.push_back(QFileInfo(QString::fromStdString(f)).fileName().toStdString());
                load->request = run->request;
                load->request.password.clear();
                run->load = std::move(load);
            }
        } catch (const ReconstructCancelled&) {
            run->cancelled = true;
        } catch (const MappingError& e) {
            run->error = QString::fromStdString(e.what());
        } catch (const LiveError& e) {
            run->error = QString::fromStdString(e.what());
        } catch (const std::bad_alloc&) {
            run->error = tr("The evidence does not fit in memory.");
        } catch (const std::exception& e) {
            run->error = QString::fromStdString(e.what());
        }
        run->request.password.clear();
        QMetaObject::invokeMethod(
            this, [this, run] { done(run); }, Qt::QueuedConnection);
    });
    return true;
}

void EvidenceLoader::cancel()
{
    if (m_run)
        m_run->cancel = true;
}

void EvidenceLoader::done(const std::shared_ptr<Run>& run)
{
    if (run != m_run)
        return;
    if (m_worker.joinable())
        m_worker.join();
    m_run.reset();
    if (run->load)
        Q_EMIT finished(run->load);
    else if (run->cancelled || run->cancel)
        Q_EMIT cancelled();
    else
        Q_EMIT failed(run->error);
}

} // namespace iw
