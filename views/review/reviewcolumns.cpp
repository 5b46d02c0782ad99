// The policy review window's policy columns (see reviewwindow.h): a column of in-place editors per policy — the
// service's TTL, after expiry, tombstone and stored errors, the client's attempts, timeout, backoff and jitter, and
// each route hop's own — refreshed from the policy and writing every edit back into it.
#include "reviewwindow.h"

#include "colors.h"
#include "duration.h"
#include "durationspinbox.h"
#include "language.h"
#include "reviewfiguresmodel.h"
#include "stdtext.h"

#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QCursor>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QMenu>
#include <QProgressBar>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>
#include <mutex>

namespace iw {

namespace {

// A duration editor of a policy column (the GUI's one duration field): with `allowNone`, 0 reads `noneText` —
// "none" (no tombstone), or "never" for a TTL (ttl_ms null: records kept for good) — and stands for no value.
DurationSpinBox* durationEditor(QWidget* parent, bool allowNone, const QString& tip, const QString& objectName,
    const QString& noneText = ReviewWindow::tr("none"))
{
    auto* edit = new DurationSpinBox(parent);
    edit->setRange(0, LongestDurationMs);
    if (allowNone)
        edit->setSpecialValueText(noneText);
    edit->setToolTip(tip);
    edit->setObjectName(objectName);
    return edit;
}

// What a duration editor's value means for an optional duration: 0 is none.
std::optional<Millis> noneIfZero(qint64 ms)
{
    return ms == 0 ? std::nullopt : std::optional<Millis>(ms);
}

} // namespace

void ReviewWindow::rebuildPolicyColumns(bool keepProgress)
{
    while (QLayoutItem* item = m_columns->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_columnProgress.clear();
    m_columnRefresh.clear();
    if (!keepProgress)
        m_columnProgressState.clear();
    m_columnProgressState.resize(m_policies.size());

    enum Row {
        RowName,
        RowSource,
        RowTtl,
        RowAfterExpiry,
        RowTombstone,
        RowStoreErrors,
        RowMaxAttempts,
        RowTimeout,
        RowBackoff,
        RowJitter,
        RowFirstHop, // docs/reference/routes.md: HopRows rows per route hop, then the progress row
    };
    enum HopRow { HopHeader, HopTtl, HopAfterExpiry, HopTombstone, HopStoreErrors, HopKey, HopRows };
    // Every hop any policy's route has, by name, in the first policy's order (as the figures list them).
    std::vector<std::string> hops;
    for (const Scenario& s : m_policies) {
        for (const HopSpec& h : s.route) {
            if (std::find(hops.begin(), hops.end(), h.name) == hops.end())
                hops.push_back(h.name);
        }
    }
    const int RowProgress = RowFirstHop + HopRows * int(hops.size());
    const auto hopRow = [](std::size_t hop, HopRow row) { return RowFirstHop + HopRows * int(hop) + row; };
    const struct {
        int row;
        QString label;
        QString tip;
    } labels[] = {
        { RowName, tr("Policy"),
            tr("The scenario's name; the first policy is the baseline the others are compared to") },
        { RowSource, tr("Service"), tr("The service profile and the file the policy came from") },
        { RowTtl, tr("TTL (retention)"), tr("ttl_ms: how long a key is recognised after its claim") },
        { RowAfterExpiry, tr("After expiry"),
            tr("after_expiry: forget (an expired key runs again) or tombstone (compact evidence refuses it)") },
        { RowTombstone, tr("Tombstone"),
            tr("tombstone_ms: how long the tombstone of a swept record still refuses the key") },
        { RowStoreErrors, tr("Store errors"),
            tr("store_errors: a handler error is stored and replayed (Stripe) or deletes the record (Powertools)") },
        { RowMaxAttempts, tr("Max attempts"), tr("retry.max_attempts of every client of the policy") },
        { RowTimeout, tr("Client timeout"), tr("timeout_ms of every client of the policy") },
        { RowBackoff, tr("Backoff"), tr("retry.backoff of every client: constant or exponential") },
        { RowJitter, tr("Jitter"), tr("retry.jitter of every client: none, full, equal or decorrelated") },
        { RowProgress, tr("Run"), tr("How far the last run of this policy got") },
    };
    for (const auto& l : labels) {
        auto* label = new QLabel(l.label, m_columnsHost);
        label->setToolTip(l.tip);
        if (l.row == RowName) {
            QFont f = label->font();
            f.setBold(true);
            label->setFont(f);
        }
        m_columns->addWidget(label, l.row, 0);
    }
    for (std::size_t h = 0; h < hops.size(); ++h) {
        const QString hop = fromStd(hops[h]);
        const struct {
            HopRow row;
            QString label;
            QString tip;
        } hopLabels[] = {
            { HopHeader, tr("→ %1").arg(hop),
                tr("Route hop %1: the service block, key rule and call of route[\"%1\"]").arg(hop) },
            { HopTtl, tr("   TTL"), tr("%1's service.ttl_ms: how long %1 recognises a key").arg(hop) },
            { HopAfterExpiry, tr("   After expiry"),
                tr("%1's service.after_expiry: forget runs an expired key again, tombstone refuses it").arg(hop) },
            { HopTombstone, tr("   Tombstone"),
                tr("%1's service.tombstone_ms: how long a swept record's tombstone still refuses the key").arg(hop) },
            { HopStoreErrors, tr("   Store errors"),
                tr("%1's service.store_errors: an error after execution began is stored and replayed, or deletes "
                   "the record")
                    .arg(hop) },
            { HopKey, tr("   Key sent"),
                tr("route key rule: the key the caller sends to %1 — forward (the caller's), derive (stable, from "
                   "the caller's scope and the hop's name), new (fresh per call: the anti-pattern) or none")
                    .arg(hop) },
        };
        for (const auto& l : hopLabels) {
            auto* label = new QLabel(l.label, m_columnsHost);
            label->setToolTip(l.tip);
            if (l.row == HopHeader) {
                QFont f = label->font();
                f.setBold(true);
                label->setFont(f);
            }
            m_columns->addWidget(label, hopRow(h, l.row), 0);
        }
    }

    for (int i = 0; i < policyCount(); ++i) {
        const int col = i + 1;
        auto* header = new QWidget(m_columnsHost);
        auto* headerLayout = new QHBoxLayout(header);
        headerLayout->setContentsMargins(0, 0, 0, 0);
        auto* swatch = new QLabel(header);
        swatch->setFixedSize(12, 12);
        swatch->setStyleSheet(QStringLiteral("background: %1; border-radius: 2px;").arg(policyColor(i).name()));
        swatch->setToolTip(tr("This policy's colour in the storage chart"));
        auto* name = new QLabel(header);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        auto* remove = new QToolButton(header);
        remove->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
        remove->setAutoRaise(true);
        remove->setToolTip(tr("Remove this policy from the review"));
        remove->setEnabled(!isRunning());
        connect(remove, &QToolButton::clicked, this, [this, i] { removePolicy(i); });
        headerLayout->addWidget(swatch);
        headerLayout->addWidget(name, 1);
        headerLayout->addWidget(remove);
        m_columns->addWidget(header, RowName, col);

        auto* source = new QLabel(m_columnsHost);
        source->setStyleSheet(QStringLiteral("color: palette(mid);"));
        // A long file name must not widen the column past the editors (four columns share the width): it wraps
        // under the profile instead, and the tooltip has the whole path.
        source->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        source->setWordWrap(true);
        m_columns->addWidget(source, RowSource, col);

        auto* ttl = durationEditor(m_columnsHost, true,
            tr("ttl_ms: how long the service recognises a key; at 0 it reads \"never\": records kept for "
               "good (ttl_ms null)"),
            QStringLiteral("ttl-%1").arg(i), tr("never"));
        m_columns->addWidget(ttl, RowTtl, col);

        auto* afterExpiry = new QComboBox(m_columnsHost);
        afterExpiry->addItem(tr("forget"), int(AfterExpiry::Forget));
        afterExpiry->addItem(tr("tombstone"), int(AfterExpiry::Tombstone));
        afterExpiry->setToolTip(tr("What an expired key means: forget runs it again, tombstone refuses it"));
        afterExpiry->setObjectName(QStringLiteral("afterExpiry-%1").arg(i));
        m_columns->addWidget(afterExpiry, RowAfterExpiry, col);

        auto* tombstone = durationEditor(m_columnsHost, true,
            tr("tombstone_ms: how long a swept record's tombstone refuses its key"),
            QStringLiteral("tombstone-%1").arg(i));
        m_columns->addWidget(tombstone, RowTombstone, col);

        auto* storeErrors = new QCheckBox(tr("stored and replayed"), m_columnsHost);
        storeErrors->setToolTip(tr("Checked: a 500 after execution began is stored and replayed; unchecked: the error "
                                   "deletes the record and a retry runs again"));
        storeErrors->setObjectName(QStringLiteral("storeErrors-%1").arg(i));
        m_columns->addWidget(storeErrors, RowStoreErrors, col);

        auto* attempts = new QSpinBox(m_columnsHost);
        attempts->setRange(1, 100);
        attempts->setToolTip(tr("retry.max_attempts, for every client of this policy"));
        attempts->setObjectName(QStringLiteral("maxAttempts-%1").arg(i));
        m_columns->addWidget(attempts, RowMaxAttempts, col);

        auto* timeout = durationEditor(m_columnsHost, false, tr("timeout_ms, for every client of this policy"),
            QStringLiteral("timeout-%1").arg(i));
        m_columns->addWidget(timeout, RowTimeout, col);

        auto* backoff = new QComboBox(m_columnsHost);
        backoff->addItem(tr("constant"), int(Backoff::Constant));
        backoff->addItem(tr("exponential"), int(Backoff::Exponential));
        backoff->setToolTip(tr("retry.backoff, for every client of this policy"));
        backoff->setObjectName(QStringLiteral("backoff-%1").arg(i));
        m_columns->addWidget(backoff, RowBackoff, col);

        auto* jitter = new QComboBox(m_columnsHost);
        jitter->addItem(tr("none"), int(Jitter::None));
        jitter->addItem(tr("full"), int(Jitter::Full));
        jitter->addItem(tr("equal"), int(Jitter::Equal));
        jitter->addItem(tr("decorrelated"), int(Jitter::Decorrelated));
        jitter->setToolTip(tr("retry.jitter, for every client of this policy"));
        jitter->setObjectName(QStringLiteral("jitter-%1").arg(i));
        m_columns->addWidget(jitter, RowJitter, col);

        auto* progress = new QLabel(m_columnsHost);
        progress->setStyleSheet(QStringLiteral("color: palette(mid);"));
        m_columns->addWidget(progress, RowProgress, col);
        m_columnProgress.push_back(progress);
        setColumnProgress(std::size_t(i), m_columnProgressState[std::size_t(i)]);

        auto populating = std::make_shared<bool>(false);
        auto hopRefresh = std::make_shared<std::vector<std::function<void()>>>();
        m_columnRefresh.push_back([=, this] {
            const Scenario& s = m_policies[std::size_t(i)];
            *populating = true;
            name->setText(fromStd(s.name));
            name->setToolTip(fromStd(s.title.empty() ? s.name : s.title));
            const QString file = QFileInfo(m_sources.value(i)).fileName();
            source->setText(file.isEmpty()
                    ? tr("%1 profile").arg(fromStd(std::string(profileName(s.service.profile))))
                    : tr("%1 profile · %2").arg(fromStd(std::string(profileName(s.service.profile))), file));
            source->setToolTip(m_sources.value(i));
            ttl->setValue(s.service.ttlMs >= kNeverMs ? 0 : s.service.ttlMs);
            afterExpiry->setCurrentIndex(s.service.afterExpiry == AfterExpiry::Tombstone ? 1 : 0);
            tombstone->setValue(s.service.tombstoneMs.value_or(0));
            tombstone->setEnabled(s.service.afterExpiry == AfterExpiry::Tombstone);
            storeErrors->setChecked(s.service.storeErrors);
            const bool clients = !s.clients.empty();
            for (QWidget* w : { static_cast<QWidget*>(attempts), static_cast<QWidget*>(timeout),
                     static_cast<QWidget*>(backoff), static_cast<QWidget*>(jitter) })
                w->setEnabled(clients);
            if (clients) {
                const ClientSpec& c = s.clients.front();
                attempts->setValue(c.retry.maxAttempts);
                timeout->setValue(c.timeoutMs);
                backoff->setCurrentIndex(c.retry.backoff == Backoff::Constant ? 0 : 1);
                jitter->setCurrentIndex(jitter->findData(int(c.retry.jitter)));
            }
            for (const auto& refresh : *hopRefresh)
                refresh();
            *populating = false;
        });

        // Every edit changes the policy as the column shows it; the figures are then stale until the next run.
        const auto edit = [this, i, populating](const std::function<void(Scenario&)>& change) {
            if (*populating)
                return;
            Scenario& policy = m_policies[std::size_t(i)];
            change(policy);
            // The name came with the file ("stripe-ttl-24h"): once edited it must not pass for the original, in
            // the column, the figures' headers and the charts.
            static constexpr std::string_view suffix = "-edited";
            if (policy.name.size() < suffix.size()
                || policy.name.compare(policy.name.size() - suffix.size(), suffix.size(), suffix) != 0)
                policy.name += suffix;
            refreshColumn(i);
            policyEdited(i);
        };
        const auto eachClient = [](Scenario& s, const std::function<void(ClientSpec&)>& change) {
            for (ClientSpec& c : s.clients)
                change(c);
        };
        connect(ttl, &DurationSpinBox::valueChanged, this,
            [edit](qint64 ms) { edit([&](Scenario& s) { s.service.ttlMs = ms == 0 ? kNeverMs : ms; }); });
        connect(afterExpiry, &QComboBox::currentIndexChanged, this, [edit, afterExpiry] {
            edit([&](Scenario& s) {
                s.service.afterExpiry = AfterExpiry(afterExpiry->currentData().toInt());
                // A tombstone needs a positive lifetime (docs/reference/decisions.md): a week unless one was set.
                if (s.service.afterExpiry == AfterExpiry::Tombstone
                    && (!s.service.tombstoneMs || *s.service.tombstoneMs <= 0))
                    s.service.tombstoneMs = 7 * 86'400'000LL;
            });
        });
        connect(tombstone, &DurationSpinBox::valueChanged, this, [edit](qint64 value) {
            edit([&](Scenario& s) {
                s.service.tombstoneMs = noneIfZero(value);
                if (!s.service.tombstoneMs)
                    s.service.afterExpiry = AfterExpiry::Forget;
            });
        });
        connect(storeErrors, &QCheckBox::toggled, this,
            [edit](bool on) { edit([&](Scenario& s) { s.service.storeErrors = on; }); });
        connect(attempts, &QSpinBox::valueChanged, this, [edit, eachClient](int n) {
            edit([&](Scenario& s) { eachClient(s, [&](ClientSpec& c) { c.retry.maxAttempts = n; }); });
        });
        connect(timeout, &DurationSpinBox::valueChanged, this, [edit, eachClient](qint64 ms) {
            edit([&](Scenario& s) { eachClient(s, [&](ClientSpec& c) { c.timeoutMs = ms; }); });
        });
        connect(backoff, &QComboBox::currentIndexChanged, this, [edit, eachClient, backoff] {
            edit([&](Scenario& s) {
                eachClient(s, [&](ClientSpec& c) { c.retry.backoff = Backoff(backoff->currentData().toInt()); });
            });
        });
        connect(jitter, &QComboBox::currentIndexChanged, this, [edit, eachClient, jitter] {
            edit([&](Scenario& s) {
                eachClient(s, [&](ClientSpec& c) { c.retry.jitter = Jitter(jitter->currentData().toInt()); });
            });
        });
        for (std::size_t h = 0; h < hops.size(); ++h)
            addHopEditors(i, hops[h], hopRow(h, HopHeader), edit, *hopRefresh);
        m_columnRefresh.back()();
    }
    // Widgets added to a window already on screen stay hidden until the event loop shows them, and hidden widgets
    // do not count in the size hint: shown now, so the heights below are those of every row (a review loaded from
    // the toolbar was squeezed to one row otherwise).
    for (int k = 0; k < m_columns->count(); ++k) {
        if (QWidget* w = m_columns->itemAt(k)->widget())
            w->show();
    }
    // Every editor row stays in view; the figures table below scrolls instead.
    if (auto* area = qobject_cast<QScrollArea*>(m_columnsHost->parentWidget()->parentWidget())) {
        area->setMinimumHeight(std::min(m_columnsHost->sizeHint().height() + 4, 460));
        if (QWidget* group = area->parentWidget())
            group->setMaximumHeight(group->sizeHint().height());
    }
    // Columns share the width; the label column keeps its own.
    for (int c = 1; c <= MaxPolicies; ++c)
        m_columns->setColumnStretch(c, c <= policyCount() ? 1 : 0);
}

void ReviewWindow::addHopEditors(int index, const std::string& hopName, int firstRow, const PolicyEdit& edit,
    std::vector<std::function<void()>>& refreshers)
{
    const int col = index + 1;
    const QString hop = fromStd(hopName);
    const QString key = QStringLiteral("%1-%2").arg(hop).arg(index);
    // The hop of the policy as edited, or nullptr when its route has no hop of that name (another policy's hop).
    const auto hopOf = [hopName](Scenario& s) -> HopSpec* {
        for (HopSpec& h : s.route) {
            if (h.name == hopName)
                return &h;
        }
        return nullptr;
    };
    auto* header = new QLabel(m_columnsHost);
    header->setObjectName(QStringLiteral("hop-%1").arg(key));
    header->setStyleSheet(QStringLiteral("color: palette(mid);"));
    header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_columns->addWidget(header, firstRow, col);
    if (!hopOf(m_policies[std::size_t(index)])) {
        header->setText(tr("— not on this route"));
        header->setToolTip(tr("This policy's route has no hop named %1").arg(hop));
        return;
    }

    auto* ttl = durationEditor(m_columnsHost, true, tr("%1's ttl_ms: how long it recognises a key").arg(hop),
        QStringLiteral("hopTtl-%1").arg(key), tr("never"));
    m_columns->addWidget(ttl, firstRow + 1, col);

    auto* afterExpiry = new QComboBox(m_columnsHost);
    afterExpiry->addItem(tr("forget"), int(AfterExpiry::Forget));
    afterExpiry->addItem(tr("tombstone"), int(AfterExpiry::Tombstone));
    afterExpiry->setToolTip(tr("What an expired key means at %1: forget runs it again, tombstone refuses it").arg(hop));
    afterExpiry->setObjectName(QStringLiteral("hopAfterExpiry-%1").arg(key));
    m_columns->addWidget(afterExpiry, firstRow + 2, col);
    auto* tombstone = durationEditor(m_columnsHost, true,
        tr("%1's tombstone_ms: how long a swept record's tombstone refuses its key").arg(hop),
        QStringLiteral("hopTombstone-%1").arg(key));
    m_columns->addWidget(tombstone, firstRow + 3, col);

    auto* storeErrors = new QCheckBox(tr("stored and replayed"), m_columnsHost);
    storeErrors->setToolTip(tr("Checked: an error at %1 after execution began is stored and replayed; unchecked: it "
                               "deletes the record and a retry runs again")
                                .arg(hop));
    storeErrors->setObjectName(QStringLiteral("hopStoreErrors-%1").arg(key));
    m_columns->addWidget(storeErrors, firstRow + 4, col);

    auto* keyRule = new QComboBox(m_columnsHost);
    for (const HopKey k : { HopKey::Forward, HopKey::Derive, HopKey::New, HopKey::None })
        keyRule->addItem(fromStd(std::string(hopKeyName(k))), int(k));
    keyRule->setToolTip(
        tr("The key the caller sends to %1: forward, derive, new (a fresh key per call) or none").arg(hop));
    keyRule->setObjectName(QStringLiteral("hopKey-%1").arg(key));
    m_columns->addWidget(keyRule, firstRow + 5, col);

    refreshers.push_back([=, this] {
        HopSpec* h = hopOf(m_policies[std::size_t(index)]);
        if (!h)
            return;
        header->setText(
            tr("%1 profile%2")
                .arg(fromStd(std::string(profileName(h->service.profile))), h->effect ? QString() : tr(" · proxy")));
        header->setToolTip(header->text());
        ttl->setValue(h->service.ttlMs >= kNeverMs ? 0 : h->service.ttlMs);
        afterExpiry->setCurrentIndex(h->service.afterExpiry == AfterExpiry::Tombstone ? 1 : 0);
        tombstone->setValue(h->service.tombstoneMs.value_or(0));
        tombstone->setEnabled(h->service.afterExpiry == AfterExpiry::Tombstone);
        storeErrors->setChecked(h->service.storeErrors);
        keyRule->setCurrentIndex(keyRule->findData(int(h->key)));
    });

    const auto editHop = [edit, hopOf](const std::function<void(HopSpec&)>& change) {
        edit([&](Scenario& s) {
            if (HopSpec* h = hopOf(s))
                change(*h);
        });
    };
    connect(ttl, &DurationSpinBox::valueChanged, this,
        [editHop](qint64 ms) { editHop([&](HopSpec& h) { h.service.ttlMs = ms == 0 ? kNeverMs : ms; }); });
    connect(afterExpiry, &QComboBox::currentIndexChanged, this, [editHop, afterExpiry] {
        editHop([&](HopSpec& h) {
            h.service.afterExpiry = AfterExpiry(afterExpiry->currentData().toInt());
            // A tombstone needs a positive lifetime (docs/reference/decisions.md): a week unless one was set.
            if (h.service.afterExpiry == AfterExpiry::Tombstone
                && (!h.service.tombstoneMs || *h.service.tombstoneMs <= 0))
                h.service.tombstoneMs = 7 * 86'400'000LL;
        });
    });
    connect(tombstone, &DurationSpinBox::valueChanged, this, [editHop](qint64 value) {
        editHop([&](HopSpec& h) {
            h.service.tombstoneMs = noneIfZero(value);
            if (!h.service.tombstoneMs)
                h.service.afterExpiry = AfterExpiry::Forget;
        });
    });
    connect(storeErrors, &QCheckBox::toggled, this,
        [editHop](bool on) { editHop([&](HopSpec& h) { h.service.storeErrors = on; }); });
    connect(keyRule, &QComboBox::currentIndexChanged, this,
        [editHop, keyRule] { editHop([&](HopSpec& h) { h.key = HopKey(keyRule->currentData().toInt()); }); });
}

void ReviewWindow::refreshColumn(int index)
{
    if (index >= 0 && index < int(m_columnRefresh.size()))
        m_columnRefresh[std::size_t(index)]();
}

void ReviewWindow::policyEdited(int index)
{
    m_stale = m_result != nullptr;
    const QString name = fromStd(m_policies[std::size_t(index)].name);
    setStatus([stale = m_stale, name] {
        return stale ? tr("%1 edited since the last run: press Run to update the figures.").arg(name)
                     : tr("%1 edited: press Run to compare.").arg(name);
    });
    setColumnProgress(std::size_t(index), { ColumnProgress::Kind::Edited });
}

} // namespace iw
