// Rules remembered per table (see liverules.h), in QSettings under live/rules/<hash of endpoint and table>.
#include "liverules.h"
#include "explanationtext.h"
#include "liveanomalytext.h"
#include "stdtext.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace iw {

namespace {

QString groupOf(const QString& endpoint, const QString& table)
{
    const QByteArray id = (endpoint + QLatin1Char('\n') + table).toUtf8();
    return QStringLiteral("live/rules/")
        + QString::fromLatin1(QCryptographicHash::hash(id, QCryptographicHash::Sha256).toHex().left(24));
}

QString kindKey(LiveAnomalyKind kind)
{
    const std::string_view n = anomalyKindName(kind);
    return QString::fromUtf8(n.data(), qsizetype(n.size()));
}

} // namespace

std::optional<AnomalyThresholds> rememberedRules(const QString& endpoint, const QString& table)
{
    QSettings settings;
    settings.beginGroup(groupOf(endpoint, table));
    if (settings.value(QStringLiteral("table")).toString() != table)
        return std::nullopt;
    AnomalyThresholds t;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        bool ok = false;
        const qlonglong ms = settings.value(kindKey(kind)).toLongLong(&ok);
        if (ok && ms >= 0)
            t[kind] = ms;
    }
    bool ok = false;
    const qlonglong lookback = settings.value(QStringLiteral("lookback_ms")).toLongLong(&ok);
    if (ok && lookback > 0)
        t.regenerationLookbackMs = lookback;
    const int limit = settings.value(QStringLiteral("list_limit")).toInt(&ok);
    if (ok && limit >= 0)
        t.listLimit = limit;
    return t;
}

void rememberRules(const QString& endpoint, const QString& table, const AnomalyThresholds& rules)
{
    QSettings settings;
    const QString group = groupOf(endpoint, table);
    settings.remove(group);
    if (rules == AnomalyThresholds {})
        return;
    settings.beginGroup(group);
    settings.setValue(QStringLiteral("table"), table);
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        settings.setValue(kindKey(kind), static_cast<qlonglong>(rules[kind]));
    settings.setValue(QStringLiteral("lookback_ms"), static_cast<qlonglong>(rules.regenerationLookbackMs));
    settings.setValue(QStringLiteral("list_limit"), rules.listLimit);
}

QString rulesDifference(const AnomalyThresholds& rules)
{
    const AnomalyThresholds d;
    QStringList parts;
    const auto duration = [](Millis ms) { return shownDuration(ms); };
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (rules[kind] != d[kind])
            parts << QCoreApplication::translate("iw::LiveRules", "%1 %2 (default %3)")
                         .arg(kindKey(kind), duration(rules[kind]), duration(d[kind]));
    if (rules.regenerationLookbackMs != d.regenerationLookbackMs)
        parts << QCoreApplication::translate("iw::LiveRules", "regeneration look-back %1 (default %2)")
                     .arg(duration(rules.regenerationLookbackMs), duration(d.regenerationLookbackMs));
    if (rules.listLimit != d.listLimit)
        parts << QCoreApplication::translate("iw::LiveRules", "listed per kind %1 (default %2)")
                     .arg(QLocale().toString(rules.listLimit), QLocale().toString(d.listLimit));
    return parts.isEmpty() ? QCoreApplication::translate("iw::LiveRules", "the default rules")
                           : parts.join(QStringLiteral(", "));
}

RulesAnswer runRulesDialog(QDialog& dialog, QFormLayout* form, int& listLimit)
{
    auto* limit = new QSpinBox(&dialog);
    limit->setRange(0, 10'000);
    limit->setValue(listLimit);
    limit->setToolTip(QCoreApplication::translate(
        "iw::LiveRules", "Anomalies listed per kind; the counts and the exports always cover them all"));
    form->addRow(QCoreApplication::translate("iw::LiveRules", "Listed per kind:"), limit);
    auto* buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, &dialog);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    bool defaults = false;
    QObject::connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, &dialog, [&] {
        defaults = true;
        dialog.accept();
    });
    if (dialog.exec() != QDialog::Accepted)
        return RulesAnswer::Cancelled;
    if (defaults)
        return RulesAnswer::Defaults;
    listLimit = limit->value();
    return RulesAnswer::Chosen;
}

} // namespace iw
