// The Sequence dock: toolbar (intent, compact, export, copy as Mermaid), the scrollable canvas, hover and click.
#include "sequenceview.h"

#include "duration.h"
#include "selection.h"
#include "sequenceexport.h"
#include "sequencetext.h"
#include "stdtext.h"
#include "timelinemapping.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

namespace iw {

class SequenceCanvas : public QWidget {
public:
    explicit SequenceCanvas(SequenceView* view)
        : QWidget(view)
        , m_view(view)
    {
        setMouseTracking(true);
        setAttribute(Qt::WA_OpaquePaintEvent);
    }

    SequenceScene scene() const
    {
        SequenceScene s;
        s.font = font();
        s.compact = m_view->isCompact();
        s.selectedRequest = m_view->m_selection ? m_view->m_selection->request() : -1;
        s.hoverItem = m_hover;
        s.now = m_view->m_now;
        s.translated = true;
        return s;
    }

    // Sizes the canvas to the viewport (proportional) or to its rows (compact) and lays the model out.
    void relayout(int viewportWidth, int viewportHeight)
    {
        // Lanes keep a readable spacing: a narrow dock scrolls sideways rather than crowding them.
        const int width = std::max(viewportWidth, SequencePainter::minimumWidth(m_view->m_model, scene()));
        const int h = SequencePainter::preferredHeight(m_view->m_model, scene(), width, viewportHeight);
        const QSize size(width, h);
        if (this->size() != size)
            resize(size);
        m_painter.layout(m_view->m_model, scene(), size);
        update();
    }

    const SequencePainter& painter() const { return m_painter; }
    void clearHover() { m_hover = -1; }

protected:
    void paintEvent(QPaintEvent* event) override
    {
        QPainter p(this);
        m_painter.paint(p, m_view->m_model, scene(), QRectF(event->rect()));
    }

    void mouseMoveEvent(QMouseEvent* event) override
    {
        const int hover = m_painter.itemAt(event->position());
        if (hover != m_hover) {
            m_hover = hover;
            setCursor(hover >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
            update();
        }
    }

    void leaveEvent(QEvent*) override
    {
        if (m_hover >= 0) {
            m_hover = -1;
            update();
        }
    }

    void mousePressEvent(QMouseEvent* event) override
    {
        if (event->button() == Qt::LeftButton) {
            const int item = m_painter.itemAt(event->position());
            if (item >= 0)
                m_view->itemClicked(item);
        }
    }

    bool event(QEvent* event) override
    {
        if (event->type() == QEvent::FontChange) {
            // Lanes, rows and labels are measured in the font (presenter mode scales it).
            const bool handled = QWidget::event(event);
            relayout(m_view->m_scroll->viewport()->width(), m_view->m_scroll->viewport()->height());
            return handled;
        }
        if (event->type() == QEvent::ToolTip) {
            auto* help = static_cast<QHelpEvent*>(event);
            const int item = m_painter.itemAt(help->pos());
            if (item < 0) {
                QToolTip::hideText();
                event->ignore();
                return true;
            }
            const SequenceItem& it = m_view->m_model.items[static_cast<std::size_t>(item)];
            QString when = SequencePainter::exactTime(it.start);
            if (it.end > it.start)
                when += QStringLiteral(" → ") + SequencePainter::exactTime(it.end) + QStringLiteral(" (")
                    + shownDuration(it.end - it.start) + QStringLiteral(")");
            QString text = QStringLiteral("<b>%1</b><br>%2").arg(shownLabel(it).toHtmlEscaped(), when);
            if (const QString detail = shownDetail(m_view->m_model, it); !detail.isEmpty())
                text += QStringLiteral("<br>") + detail.toHtmlEscaped();
            if (it.request >= 0)
                text += QStringLiteral("<br><i>%1</i>")
                            .arg(SequenceView::tr("Click to select this request everywhere."));
            QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
        return QWidget::event(event);
    }

private:
    SequenceView* m_view;
    SequencePainter m_painter;
    int m_hover = -1;
};

namespace {

class ResizeWatcher : public QObject {
public:
    ResizeWatcher(QObject* parent, std::function<void()> onResize)
        : QObject(parent)
        , m_onResize(std::move(onResize))
    {
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize)
            m_onResize();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_onResize;
};

} // namespace

SequenceView::SequenceView(Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_title(new QLabel(this))
    , m_compact(new QCheckBox(this))
    , m_besideLabel(new QLabel(this))
    , m_besideChoice(new QComboBox(this))
    , m_export(new QToolButton(this))
    , m_copy(new QToolButton(this))
    , m_exportSvg(new QAction(this))
    , m_exportPng(new QAction(this))
    , m_copyAction(new QAction(this))
    , m_scroll(new QScrollArea(this))
    , m_canvas(new SequenceCanvas(this))
{
    setObjectName(QStringLiteral("sequenceView"));
    m_title->setObjectName(QStringLiteral("sequenceTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_compact->setObjectName(QStringLiteral("sequenceCompact"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    m_export->addAction(m_exportSvg);
    m_export->addAction(m_exportPng);
    m_copy->setObjectName(QStringLiteral("sequenceCopyMermaid"));
    connect(m_exportSvg, &QAction::triggered, this, [this] { exportInteractive(QStringLiteral("svg")); });
    connect(m_exportPng, &QAction::triggered, this, [this] { exportInteractive(QStringLiteral("png")); });
    connect(m_copy, &QToolButton::clicked, this, &SequenceView::copyMermaid);
    connect(m_copyAction, &QAction::triggered, this, &SequenceView::copyMermaid);
    m_canvas->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_canvas->addActions({ m_exportSvg, m_exportPng, m_copyAction });
    retranslate();
    // Compact is remembered between sessions (a teacher who chose it for the projector keeps it).
    m_compact->setChecked(QSettings().value(QStringLiteral("sequence/compact"), false).toBool());
    connect(m_compact, &QCheckBox::toggled, this, [this](bool compact) {
        QSettings().setValue(QStringLiteral("sequence/compact"), compact);
        m_canvas->relayout(m_scroll->viewport()->width(), m_scroll->viewport()->height());
        followNow();
    });

    // A second intent beside the first: the choice lists the run's intents (at most kBesideChoices of them).
    m_besideChoice->setObjectName(QStringLiteral("sequenceBeside"));
    m_besideChoice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_besideChoice->setMinimumContentsLength(6);
    m_besideLabel->setBuddy(m_besideChoice);
    connect(m_besideChoice, &QComboBox::activated, this,
        [this](int index) { showBeside(m_besideChoice->itemData(index).toInt()); });

    // The intent on a line of its own, the controls under it: the dock is often a narrow column.
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 2);
    bar->addWidget(m_compact);
    bar->addStretch(1);
    bar->addWidget(m_export);
    bar->addWidget(m_copy);
    m_title->setContentsMargins(4, 2, 4, 0);
    m_scroll->setWidget(m_canvas);
    m_scroll->setWidgetResizable(false);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->viewport()->installEventFilter(new ResizeWatcher(
        this, [this] { m_canvas->relayout(m_scroll->viewport()->width(), m_scroll->viewport()->height()); }));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    // The beside choice on a line of its own: the title's and the controls' lines are as wide as a 280-pixel dock.
    auto* besideRow = new QHBoxLayout;
    besideRow->setContentsMargins(4, 0, 4, 2);
    besideRow->addWidget(m_besideLabel);
    besideRow->addWidget(m_besideChoice, 1);
    layout->addWidget(m_title);
    layout->addLayout(besideRow);
    layout->addLayout(bar);
    layout->addWidget(m_scroll, 1);

    if (m_selection)
        connect(m_selection, &Selection::changed, this, &SequenceView::followSelection);
    rebuild();
}

void SequenceView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        updateTitle();
        // The legend's words take another width: the canvas is laid out again (its height may change) and repainted,
        // which says the lanes, labels and details again from the model's facts; a tooltip says them when shown.
        m_canvas->relayout(m_scroll->viewport()->width(), m_scroll->viewport()->height());
    }
    QWidget::changeEvent(event);
}

void SequenceView::retranslate()
{
    m_compact->setText(tr("Compact"));
    m_compact->setToolTip(tr("Give every event a row and fold long waits behind a labelled break, so a 24-hour "
                             "late retry and a 2 ms store step both read (otherwise time is proportional)"));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Save this sequence as SVG or PNG"));
    m_exportSvg->setText(tr("Export as SVG…"));
    m_exportPng->setText(tr("Export as PNG…"));
    m_copy->setText(tr("Copy as Mermaid"));
    m_copy->setToolTip(tr("Copy this sequence as a Mermaid sequenceDiagram, for a Markdown document"));
    m_copyAction->setText(tr("Copy as Mermaid"));
    m_besideLabel->setText(tr("&Beside:"));
    m_besideChoice->setToolTip(tr("Draw another intent beside this one on the same time axis (two people, two tabs): "
                                  "its client lanes after this one's, the service, store and effects shared"));
    if (m_besideChoice->count() > 0)
        m_besideChoice->setItemText(0, tr("(none)"));
}

void SequenceView::setSimulation(const Simulation* simulation)
{
    m_simulation = simulation;
    m_pinned = -1;
    m_beside = -1;
    m_besideListed = 0;
    m_besideChoice->clear();
    m_model = SequenceModel();
    m_now = -1;
    rebuild();
}

void SequenceView::refresh(Millis now)
{
    m_now = now;
    // A hidden dock does not rebuild on every step of a long run; it catches up when shown.
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    rebuild();
}

void SequenceView::setNow(Millis now)
{
    if (now == m_now)
        return;
    m_now = now;
    if (isVisible()) {
        m_canvas->relayout(m_scroll->viewport()->width(), m_scroll->viewport()->height());
        followNow();
    }
}

void SequenceView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale) {
        m_stale = false;
        rebuild();
    }
}

void SequenceView::showIntent(int intent)
{
    m_pinned = intent;
    rebuild();
}

void SequenceView::showBeside(int intent)
{
    m_beside = intent;
    rebuild();
}

namespace {
// The beside choice lists so many intents at most: a load test's million would make a list no one reads.
constexpr std::size_t kBesideChoices = 500;
} // namespace

void SequenceView::fillBesideChoices()
{
    const std::size_t intents = m_simulation ? std::min(m_simulation->intents().size(), kBesideChoices) : 0;
    if (m_besideChoice->count() == 0)
        m_besideChoice->addItem(tr("(none)"), -1);
    // Intents only ever grow while a run plays: append the new ones.
    for (; m_besideListed < intents; ++m_besideListed)
        m_besideChoice->addItem(
            fromStd(m_simulation->intentName(static_cast<int>(m_besideListed))), static_cast<int>(m_besideListed));
    const int index = m_besideChoice->findData(m_model.beside);
    m_besideChoice->setCurrentIndex(index >= 0 ? index : 0);
}

bool SequenceView::isCompact() const
{
    return m_compact->isChecked();
}

void SequenceView::setCompact(bool compact)
{
    m_compact->setChecked(compact);
}

const SequencePainter& SequenceView::painter() const
{
    return m_canvas->painter();
}

QWidget* SequenceView::canvas() const
{
    return m_canvas;
}

void SequenceView::followSelection()
{
    if (!m_simulation || !m_selection)
        return;
    int intent = intentOfRequest(*m_simulation, m_selection->request());
    if (intent < 0)
        intent = intentOfScope(*m_simulation, m_selection->scope());
    if (intent >= 0 && intent != m_pinned) {
        m_pinned = intent;
        m_canvas->clearHover();
        rebuild();
    } else {
        m_canvas->update(); // the selected request's arrows are drawn heavier
    }
}

void SequenceView::rebuild()
{
    m_stale = false;
    int intent = m_pinned;
    if (intent < 0 && m_simulation)
        intent = defaultSequenceIntent(*m_simulation);
    if (m_simulation && intent >= 0 && static_cast<std::size_t>(intent) < m_simulation->intents().size()) {
        m_model = buildSequence(*m_simulation, intent, m_beside);
    } else {
        m_model = SequenceModel();
        m_model.intent = -1;
    }
    fillBesideChoices();
    updateTitle();
    m_export->setEnabled(m_model.intent >= 0);
    m_copy->setEnabled(m_model.intent >= 0);
    m_canvas->relayout(m_scroll->viewport()->width(), m_scroll->viewport()->height());
    followNow();
}

void SequenceView::followNow()
{
    // Compact rows taller than the dock scroll: the row of "now" (a lesson step's punchline) and the labels under it
    // stay in view as the run goes on, rather than below the dock's edge.
    if (m_now < 0 || !isCompact() || m_model.items.empty() || m_canvas->height() <= m_scroll->viewport()->height())
        return;
    const int y = int(m_canvas->painter().yOf(m_now));
    const int below = int(2.5 * SequencePainter::rowHeight(m_canvas->font()));
    m_scroll->ensureVisible(m_scroll->horizontalScrollBar()->value(), y, 0, below);
}

void SequenceView::updateTitle()
{
    if (m_model.intent >= 0 && m_model.beside >= 0)
        m_title->setText(tr("Intents %1 and %2 · %n request(s)", nullptr,
            int(m_model.requests.size() + static_cast<std::size_t>(m_model.fold.attempts)))
                             .arg(fromStd(m_model.intentName), fromStd(m_model.besideName)));
    else if (m_model.intent >= 0)
        m_title->setText(tr("Intent %1 · %n request(s)", nullptr,
            int(m_model.requests.size() + static_cast<std::size_t>(m_model.fold.attempts)))
                             .arg(fromStd(m_model.intentName)));
    else
        m_title->setText(tr("No intent selected"));
}

void SequenceView::itemClicked(int item)
{
    if (!m_simulation || !m_selection || item < 0 || static_cast<std::size_t>(item) >= m_model.items.size())
        return;
    const int request = m_model.items[static_cast<std::size_t>(item)].request;
    if (request < 0)
        return;
    const RequestRow& row = m_simulation->requests()[static_cast<std::size_t>(request)];
    m_selection->select(request, row.scope >= 0 ? row.scope : row.keylessScope);
}

QString SequenceView::mermaid() const
{
    return fromStd(sequenceMermaid(m_model));
}

bool SequenceView::exportTo(const QString& path, QString* error) const
{
    SequenceExportOptions options;
    options.compact = isCompact();
    options.font = font();
    options.now = m_now;
    options.translated = true; // what the dock shows (the command line's pictures stay English)
    const bool svg = QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0;
    const QByteArray bytes = svg ? sequenceSvg(m_model, options) : sequencePng(m_model, options);
    QSaveFile file(path);
    if (bytes.isEmpty() || !file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = bytes.isEmpty() ? tr("the picture could not be drawn")
                                     : tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void SequenceView::exportInteractive(const QString& suffix)
{
    const QString filter = suffix == QLatin1String("svg") ? tr("SVG image (*.svg)") : tr("PNG image (*.png)");
    QString name = fromStd(m_model.intentName);
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export the sequence"), QStringLiteral("sequence-%1.%2").arg(name, suffix), filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    QString error;
    if (!exportTo(path, &error)) {
        QMessageBox::warning(this, tr("Export the sequence"), tr("The sequence was not exported: %1.").arg(error));
        return;
    }
    Q_EMIT exported(path);
}

void SequenceView::copyMermaid()
{
    QClipboard* clipboard = QApplication::clipboard();
    if (!clipboard)
        return;
    const QString text = mermaid();
    clipboard->setText(text);
    // Said where the click was (the status bar is hidden in presenter mode) and in the window's status bar.
    const QString said
        = tr("Copied the sequence to the clipboard as Mermaid text: paste it into Markdown or mermaid.live.");
    QToolTip::showText(m_copy->mapToGlobal(QPoint(0, m_copy->height())), said, m_copy);
    Q_EMIT copied(said);
}

} // namespace iw
