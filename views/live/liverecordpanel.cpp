// The Record dock (see liverecordpanel.h).
#include "liverecordpanel.h"
#include "stdtext.h"

#include "liveanomalytext.h"
#include "livemodels.h"

#include <QEvent>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace iw {

namespace {

QString cell(const LiveRowValue& v)
{
    if (!v.value)
        return QStringLiteral("<i>NULL</i>");
    QString text = fromStd(*v.value).toHtmlEscaped();
    if (v.cut)
        text += QStringLiteral("…");
    return text;
}

QString rowTable(const LiveRow& row)
{
    QString out = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    for (const LiveRowValue& v : row)
        out += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td></tr>")
                   .arg(fromStd(v.column).toHtmlEscaped(), cell(v));
    return out + QStringLiteral("</table>");
}

} // namespace

LiveRecordPanel::LiveRecordPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("liveRecordPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_browser = new QTextBrowser(this);
    m_browser->setOpenLinks(false);
    layout->addWidget(m_browser, 1);
    m_wholeBody = new QPushButton(this);
    m_wholeBody->setVisible(false);
    connect(m_wholeBody, &QPushButton::clicked, this, [this] {
        if (m_row)
            Q_EMIT wholeBodyRequested(m_row->keyCursor);
    });
    layout->addWidget(m_wholeBody);
    showMessage([] {
        return tr("Select a record to read its row whole: every column, the stored response body and "
                  "what it caused.");
    });
}

void LiveRecordPanel::showRow(std::shared_ptr<const LiveKeyRow> row, Millis nowMs, const QString& bodyColumn)
{
    m_row = std::move(row);
    m_nowMs = nowMs;
    m_bodyColumn = bodyColumn;
    m_message = nullptr;
    render();
}

void LiveRecordPanel::showMessage(std::function<QString()> text)
{
    m_row.reset();
    m_message = std::move(text);
    render();
}

QString LiveRecordPanel::text() const
{
    return m_browser->toPlainText();
}

void LiveRecordPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

void LiveRecordPanel::render()
{
    m_wholeBody->setText(tr("Read the whole response body"));
    m_wholeBody->setToolTip(tr("The panel shows the first 4 KiB of a body; this reads all of it"));
    if (!m_row) {
        m_browser->setHtml(QStringLiteral("<p>%1</p>").arg((m_message ? m_message() : QString()).toHtmlEscaped()));
        m_wholeBody->setVisible(false);
        return;
    }
    const LiveKeyRow& k = *m_row;
    const LiveRecord& r = k.record;
    const QLocale locale;
    QString html = QStringLiteral("<p><b>%1</b><br>%2</p>")
                       .arg(scopeLine(r.scope).toHtmlEscaped(),
                           tr("%1 (stored as %2)%3")
                               .arg(fromStd(std::string(stateName(r.state))), fromStd(r.storedState).toHtmlEscaped(),
                                   r.statusCode ? tr(", status %1").arg(*r.statusCode) : QString()));
    const auto time = [&](const QString& label, std::optional<Millis> t) {
        return QStringLiteral("%1 %2<br>")
            .arg(label, t ? tr("%1 (%2)").arg(relativeTime(t, m_nowMs), absoluteTime(*t)) : tr("none"));
    };
    html += QStringLiteral("<p>") + time(tr("Created:"), r.createdMs);
    if (r.completedMs)
        html += time(tr("Completed:"), r.completedMs);
    html += time(tr("Expires:"), r.expiresMs) + time(tr("Lease until:"), r.leaseUntilMs);
    QStringList kinds;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (r.anomalies & anomalyBit(kind))
            kinds << fromStd(std::string(anomalyKindName(kind)));
    html += tr("Anomalies: %1").arg(kinds.isEmpty() ? tr("none") : kinds.join(QStringLiteral(", ")))
        + QStringLiteral("</p>");
    html += QStringLiteral("<h4>%1</h4>").arg(tr("The row")) + rowTable(k.row);
    if (m_bodyColumn.isEmpty()) {
        html += QStringLiteral("<h4>%1</h4>").arg(tr("The mapping reads no response body"));
    } else if (!k.body) {
        html += QStringLiteral("<h4>%1</h4>").arg(tr("No response body stored (%1 is NULL)").arg(m_bodyColumn));
    } else {
        const QString size = k.bodyComplete
            ? tr("%1, %2 bytes").arg(m_bodyColumn, locale.toString(k.bodyBytes))
            : tr("%1, the first %2 of %3 bytes")
                  .arg(m_bodyColumn, locale.toString(static_cast<qlonglong>(k.body->size())),
                      locale.toString(k.bodyBytes));
        html += QStringLiteral("<h4>%1</h4><pre>%2</pre>")
                    .arg(tr("The stored response body (%1)").arg(size), fromStd(*k.body).toHtmlEscaped());
    }
    if (k.effects) {
        const LiveEffects& e = *k.effects;
        html += QStringLiteral("<h4>%1</h4>")
                    .arg(e.rows.empty()
                            ? tr("No effects in %1").arg(fromStd(e.table).toHtmlEscaped())
                            : tr("Effects in %1: %n rows%2", "", static_cast<int>(e.rows.size()))
                                  .arg(fromStd(e.table).toHtmlEscaped(), e.complete ? QString() : tr(" (and more)")));
        for (const LiveRow& row : e.rows)
            html += rowTable(row) + QStringLiteral("<hr>");
    }
    m_browser->setHtml(html);
    m_wholeBody->setVisible(k.body && !k.bodyComplete);
}

} // namespace iw
