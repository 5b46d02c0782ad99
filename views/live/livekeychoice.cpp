// The scopes holding one key, to choose from (see livekeychoice.h).
#include "livekeychoice.h"
#include "stdtext.h"

#include "livemodels.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace iw {

LiveKeyChoiceDialog::LiveKeyChoiceDialog(
    const QString& key, std::shared_ptr<const LiveKeyLookup> lookup, QWidget* parent)
    : QDialog(parent)
    , m_key(key)
    , m_lookup(std::move(lookup))
{
    setObjectName(QStringLiteral("liveKeyChoice"));
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    m_table = new QTableWidget(static_cast<int>(m_lookup->rows.size()), 5, this);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    for (int row = 0; row < m_table->rowCount(); ++row)
        for (int column = 0; column < m_table->columnCount(); ++column)
            m_table->setItem(row, column, new QTableWidgetItem);
    layout->addWidget(m_table, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &QDialog::accept);
    auto* ok = buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(false);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
        [this, ok] { ok->setEnabled(m_table->selectionModel()->hasSelection()); });
    retranslate();
    m_table->resizeColumnsToContents();
    resize(720, 320);
}

int LiveKeyChoiceDialog::chosen() const
{
    return m_table->selectionModel()->hasSelection() ? m_table->currentRow() : -1;
}

void LiveKeyChoiceDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void LiveKeyChoiceDialog::retranslate()
{
    setWindowTitle(tr("Go to key"));
    const int n = static_cast<int>(m_lookup->rows.size());
    QString intro = tr("The idempotency key <b>%1</b> is held by %n scopes: a key is unique only within its scope, "
                       "so another user's request with the same key is another record. Choose the one to show.",
        "", n)
                        .arg(m_key.toHtmlEscaped());
    if (!m_lookup->complete)
        intro += QLatin1Char(' ') + tr("Only the first %n are listed.", "", n);
    m_intro->setText(intro);
    m_table->setHorizontalHeaderLabels({ tr("Actor"), tr("Operation"), tr("State"), tr("Created"), tr("Status") });
    for (int row = 0; row < n; ++row) {
        const LiveRecord& r = m_lookup->rows[static_cast<std::size_t>(row)].record;
        m_table->item(row, 0)->setText(fromStd(r.scope.actor));
        m_table->item(row, 1)->setText(fromStd(r.scope.operation));
        m_table->item(row, 2)->setText(fromStd(std::string(stateName(r.state))));
        m_table->item(row, 3)->setText(
            tr("%1 (%2)").arg(relativeTime(r.createdMs, m_lookup->nowMs), absoluteTime(r.createdMs)));
        m_table->item(row, 4)->setText(r.statusCode ? QString::number(*r.statusCode) : tr("none"));
    }
}

} // namespace iw
