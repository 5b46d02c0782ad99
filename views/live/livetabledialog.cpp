// The table and mapping chooser (see livetabledialog.h).
#include "livetabledialog.h"
#include "stdtext.h"

#include "colors.h"
#include "livemodels.h"
#include "liverules.h"
#include "livesession.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace iw {

namespace {

QString join(const std::vector<std::string>& items)
{
    QStringList out;
    for (const std::string& s : items)
        out << fromStd(s);
    return out.join(QStringLiteral(", "));
}

} // namespace

LiveTableDialog::LiveTableDialog(LiveSession* session, QWidget* parent)
    : QDialog(parent)
    , m_session(session)
{
    auto* layout = new QVBoxLayout(this);
    m_where = new QLabel(this);
    m_where->setWordWrap(true);
    layout->addWidget(m_where);

    m_tablesLabel = new QLabel(this);
    layout->addWidget(m_tablesLabel);
    m_candidates = new QTableWidget(0, 4, this);
    m_candidates->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_candidates->setSelectionMode(QAbstractItemView::SingleSelection);
    m_candidates->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_candidates->verticalHeader()->hide();
    m_candidates->horizontalHeader()->setStretchLastSection(true);
    m_candidates->setMinimumHeight(140);
    layout->addWidget(m_candidates, 1);

    auto* form = new QFormLayout;
    m_tableName = new QLineEdit(this);
    m_tableLabel = new QLabel(this);
    m_tableLabel->setBuddy(m_tableName);
    form->addRow(m_tableLabel, m_tableName);
    m_mappingCombo = new QComboBox(this);
    for (const std::string& name : mappingPresetNames())
        m_mappingCombo->addItem(fromStd(name), fromStd(name));
    m_mappingCombo->addItem(QString()); // "Mapping file…", named in retranslate()
    m_mappingLabel = new QLabel(this);
    m_mappingLabel->setBuddy(m_mappingCombo);
    form->addRow(m_mappingLabel, m_mappingCombo);
    layout->addLayout(form);
    m_mappingInfo = new QLabel(this);
    m_mappingInfo->setWordWrap(true);
    layout->addWidget(m_mappingInfo);

    m_preview = new QLabel(this);
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_preview);
    m_previewModel = new LiveRecordsModel(this);
    m_previewView = new QTableView(this);
    m_previewView->setModel(m_previewModel);
    m_previewView->verticalHeader()->hide();
    m_previewView->setSelectionMode(QAbstractItemView::NoSelection);
    for (const int c : { LiveRecordsModel::ActorColumn, LiveRecordsModel::StatusColumn, LiveRecordsModel::BodyColumn,
             LiveRecordsModel::ExpiresColumn, LiveRecordsModel::LeaseColumn, LiveRecordsModel::FingerprintColumn })
        m_previewView->hideColumn(c);
    m_previewView->horizontalHeader()->setStretchLastSection(true);
    m_previewView->setMinimumHeight(160);
    layout->addWidget(m_previewView, 1);

    auto* buttons = new QDialogButtonBox(this);
    m_open = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_open->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    m_previewTimer.setSingleShot(true);
    m_previewTimer.setInterval(300);
    connect(&m_previewTimer, &QTimer::timeout, this, &LiveTableDialog::runPreview);
    connect(m_candidates, &QTableWidget::itemSelectionChanged, this, &LiveTableDialog::onCandidateChanged);
    connect(m_tableName, &QLineEdit::textEdited, this, [this] {
        m_candidates->clearSelection();
        schedulePreview();
    });
    connect(m_mappingCombo, &QComboBox::activated, this, &LiveTableDialog::onMappingChanged);
    connect(session, &LiveSession::tablesDiscovered, this, &LiveTableDialog::onTables);
    connect(session, &LiveSession::previewReady, this, &LiveTableDialog::showPreview);
    connect(session, &LiveSession::previewFailed, this, &LiveTableDialog::showPreviewFailure);

    retranslate();
    setPreviewText([] { return tr("Choose a table to see how its rows classify."); });
    chooseMapping(QStringLiteral("seed"));
    resize(860, 640);
    session->discover();
}

void LiveTableDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void LiveTableDialog::retranslate()
{
    setWindowTitle(tr("Choose a table and a mapping"));
    m_where->setText(tr("Connected to %1 (read-only).").arg(m_session->endpoint().toHtmlEscaped()));
    m_tablesLabel->setText(tr("Tables with a unique key on a key-like column:"));
    m_candidates->setHorizontalHeaderLabels({ tr("Table"), tr("Unique key"), tr("Rows (estimate)"), tr("Fits") });
    for (int row = 0; row < m_candidates->rowCount(); ++row)
        fillCandidateTexts(row);
    m_tableName->setPlaceholderText(tr("or type a name: schema.table, or \"Quoted\".\"Name\""));
    m_tableName->setToolTip(tr("Looked up as written first, then as SQL reads a name (quotes, case folding, "
                               "search_path). It is never spliced into SQL."));
    m_tableLabel->setText(tr("Table:"));
    m_mappingCombo->setItemText(m_mappingCombo->count() - 1, tr("Mapping file…"));
    m_mappingCombo->setToolTip(tr("How the table's columns become actor, operation, key, state, times, response "
                                  "and fingerprint"));
    m_mappingLabel->setText(tr("Mapping:"));
    m_open->setText(tr("&Open"));
    m_open->setToolTip(tr("Inspect this table with this mapping"));
    m_previewModel->retranslate();
    if (m_previewText)
        m_preview->setText(m_previewText());
}

void LiveTableDialog::setPreviewText(std::function<QString()> text)
{
    m_previewText = std::move(text);
    m_preview->setText(m_previewText());
}

LiveTableRef LiveTableDialog::table() const
{
    const int row = m_candidates->currentRow();
    if (!m_candidates->selectionModel()->hasSelection() || row < 0 || row >= static_cast<int>(m_tables.size()))
        return {};
    return m_tables[static_cast<std::size_t>(row)].table;
}

QString LiveTableDialog::tableName() const
{
    const LiveTableRef ref = table();
    return ref.name.empty() ? m_tableName->text().trimmed() : fromStd(ref.display);
}

QString LiveTableDialog::previewText() const
{
    return m_preview->text();
}

QString LiveTableDialog::mappingInfoText() const
{
    QTextDocument doc;
    doc.setHtml(m_mappingInfo->text());
    return doc.toPlainText();
}

void LiveTableDialog::chooseTableByName(const QString& name)
{
    m_candidates->clearSelection();
    m_tableName->setText(name);
    schedulePreview();
}

bool LiveTableDialog::chooseMapping(const QString& presetOrFile)
{
    try {
        m_mapping = resolveMapping(presetOrFile.toStdString());
    } catch (const MappingError& e) {
        m_mappingInfo->setText(fromStd(e.what()));
        return false;
    }
    const int preset = m_mappingCombo->findData(presetOrFile);
    if (preset >= 0) {
        m_mappingCombo->setCurrentIndex(preset);
    } else {
        m_mappingCombo->insertItem(m_mappingCombo->count() - 1, fromStd(m_mapping.name), presetOrFile);
        m_mappingCombo->setCurrentIndex(m_mappingCombo->count() - 2);
    }
    // A mapping without a description is its title alone, never a title and a dangling dash.
    const QString title = fromStd(m_mapping.title.empty() ? m_mapping.name : m_mapping.title).toHtmlEscaped();
    m_mappingInfo->setText(m_mapping.description.empty()
            ? QStringLiteral("<b>%1</b>").arg(title)
            : QStringLiteral("<b>%1</b> — %2").arg(title, fromStd(m_mapping.description).toHtmlEscaped()));
    schedulePreview();
    return true;
}

void LiveTableDialog::onMappingChanged(int index)
{
    if (index == m_mappingCombo->count() - 1) {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a mapping file"), QString(), tr("Mapping files (*.json);;All files (*)"));
        if (path.isEmpty() || !chooseMapping(path))
            m_mappingCombo->setCurrentIndex(std::max(0, m_mappingCombo->findText(fromStd(m_mapping.name))));
        return;
    }
    chooseMapping(m_mappingCombo->itemData(index).toString());
}

void LiveTableDialog::onTables(const std::vector<LiveCandidate>& tables)
{
    m_tables = tables;
    m_candidates->setRowCount(static_cast<int>(tables.size()));
    for (int row = 0; row < static_cast<int>(tables.size()); ++row) {
        const LiveCandidate& c = tables[static_cast<std::size_t>(row)];
        m_candidates->setItem(row, 0, new QTableWidgetItem(fromStd(c.table.display)));
        m_candidates->setItem(row, 1, new QTableWidgetItem(join(c.uniqueKey)));
        auto* rows = new QTableWidgetItem;
        rows->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_candidates->setItem(row, 2, rows);
        m_candidates->setItem(row, 3, new QTableWidgetItem);
        fillCandidateTexts(row);
    }
    m_candidates->resizeColumnsToContents();
    // The first table a preset fits is the likely one.
    for (int row = 0; row < static_cast<int>(tables.size()); ++row)
        if (!tables[static_cast<std::size_t>(row)].fittingPresets.empty() && m_tableName->text().isEmpty()) {
            m_candidates->selectRow(row);
            break;
        }
    if (tables.empty())
        setPreviewText(
            [] { return tr("No table with a unique key on a key-like column is readable here: type a table name."); });
}

// The candidate's cells that are words, not names: its row estimate and the presets it fits.
void LiveTableDialog::fillCandidateTexts(int row)
{
    if (row < 0 || row >= static_cast<int>(m_tables.size()))
        return;
    const LiveCandidate& c = m_tables[static_cast<std::size_t>(row)];
    if (QTableWidgetItem* rows = m_candidates->item(row, 2))
        rows->setText(c.estimatedRows < 0 ? tr("not analysed") : QLocale().toString(c.estimatedRows));
    if (QTableWidgetItem* fits = m_candidates->item(row, 3))
        fits->setText(c.fittingPresets.empty() ? tr("no preset") : join(c.fittingPresets));
}

void LiveTableDialog::onCandidateChanged()
{
    const LiveTableRef ref = table();
    if (ref.name.empty())
        return;
    m_tableName->clear();
    const int row = m_candidates->currentRow();
    const auto& fits = m_tables[static_cast<std::size_t>(row)].fittingPresets;
    if (!fits.empty() && std::find(fits.begin(), fits.end(), m_mapping.name) == fits.end())
        chooseMapping(fromStd(fits.front()));
    else
        schedulePreview();
}

void LiveTableDialog::schedulePreview()
{
    m_open->setEnabled(false);
    m_previewTimer.start();
}

void LiveTableDialog::runPreview()
{
    if (tableName().isEmpty())
        return;
    if (m_previewRunning) {
        m_previewAgain = true;
        return;
    }
    m_previewRunning = true;
    setPreviewText([table = tableName(), mapping = fromStd(m_mapping.name)] {
        return tr("Reading %1 with the %2 mapping…").arg(table, mapping);
    });
    m_session->preview(table(), tableName(), m_mapping, 20);
}

void LiveTableDialog::showPreview(std::shared_ptr<const LiveSnapshot> s, const QString& rules)
{
    m_previewRunning = false;
    if (m_previewAgain) {
        m_previewAgain = false;
        runPreview();
        return;
    }
    // Said again on a language switch: the rules' sentence too, then from the rules remembered for the table.
    setPreviewText([s, rules, endpoint = m_session->endpoint(), again = false]() mutable -> QString {
        const LiveCounts& c = s->counts;
        const QLocale locale;
        QStringList anomalies;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (c.anomaly(kind))
                anomalies << QStringLiteral("%1 %2").arg(
                    locale.toString(c.anomaly(kind)), QString::fromUtf8(anomalyKindName(kind).data()));
        const QString records = tr("%Ln records", nullptr, static_cast<int>(std::min<long long>(c.total, INT_MAX)));
        QString remembered = rules;
        if (again && !rules.isEmpty())
            if (const auto now = rememberedRules(endpoint, fromStd(s->table)))
                remembered = rulesDifference(*now);
        again = true;
        return tr("%1 with the %2 mapping: %3, %4 in progress, %5 completed, %6 expired; %7. The first rows "
                  "classify as below.")
                   .arg(fromStd(s->table), fromStd(s->mapping), records, locale.toString(c.inProgress),
                       locale.toString(c.completed), locale.toString(c.expired),
                       anomalies.isEmpty() ? tr("no anomalies")
                                           : tr("anomalies: %1").arg(anomalies.join(QStringLiteral(", "))))
            + QLatin1Char(' ')
            + (remembered.isEmpty() ? tr("Counted with the default rules.")
                                    : tr("Counted with the rules remembered for this table: %1.").arg(remembered));
    });
    m_previewModel->setRecords(s->page.records, s->nowMs);
    m_previewView->resizeColumnsToContents();
    m_fits = true;
    m_open->setEnabled(true);
    Q_EMIT previewShown(true);
}

void LiveTableDialog::showPreviewFailure(const QString& sentence)
{
    m_previewRunning = false;
    if (m_previewAgain) {
        m_previewAgain = false;
        runPreview();
        return;
    }
    setPreviewText([sentence] {
        return QStringLiteral("<span style=\"color:%1\">%2.</span>").arg(alarmColor().name(), sentence.toHtmlEscaped());
    });
    m_previewModel->setRecords({}, 0);
    m_fits = false;
    m_open->setEnabled(false);
    Q_EMIT previewShown(false);
}

} // namespace iw
