// The GUI's languages (docs/glossary.md, views/language): the choice and its memory, the system locale at start, Qt's
// own texts and the locale's formats, and every window laid out at 1280×800 in English, Russian and Ukrainian with
// nothing cut off and nothing left in English.
#include "childprocess.h"
#include "exploredialog.h"
#include "language.h"
#include "lessonmode.h"
#include "liveconnectdialog.h"
#include "liveconnection.h"
#include "livewindow.h"
#include "mainwindow.h"
#include "reviewwindow.h"
#include "runcontroller.h"
#include "storedialog.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QHash>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>
#include <QToolButton>
#include <QXmlStreamReader>

#include <functional>
#include <memory>

#include "scenario.h"

using namespace iw;

namespace {

QString presetFile(const QString& name)
{
    return QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/%1.json").arg(name);
}

QString plain(QString text)
{
    // An accelerator's & is not drawn; "&&" is one drawn &.
    text.replace(QLatin1String("&&"), QLatin1String("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

bool shown(const QWidget* w, const QWidget* window)
{
    return w->isVisibleTo(window) && w->isVisible() && w->width() > 0 && w->height() > 0;
}

// What a widget needs to show its text whole, against what it has; an empty string when it fits.
QString cutOff(QWidget* w)
{
    const auto describe = [w](const QString& text, int need, int have) {
        return QStringLiteral("%1 \"%2\" needs %3 px, has %4")
            .arg(QString::fromLatin1(w->metaObject()->className()), text.left(80))
            .arg(need)
            .arg(have);
    };
    if (auto* label = qobject_cast<QLabel*>(w)) {
        // A label with a buddy draws its & as the underline of the next letter.
        const QString text = label->buddy() ? plain(label->text()) : label->text();
        if (text.isEmpty() || !label->pixmap().isNull())
            return {};
        const QRect room
            = label->contentsRect().adjusted(label->margin(), label->margin(), -label->margin(), -label->margin());
        if (label->wordWrap()) {
            const int need = label->heightForWidth(label->width());
            if (need > label->height() + 1)
                return describe(text, need, label->height()) + QStringLiteral(" (height, wrapped)");
            return {};
        }
        int need = 0;
        if (label->textFormat() == Qt::RichText || (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(text))) {
            QTextDocument doc;
            doc.setDefaultFont(label->font());
            doc.setDocumentMargin(0);
            doc.setHtml(text);
            need = int(std::ceil(doc.idealWidth()));
        } else {
            for (const QString& line : text.split(QLatin1Char('\n')))
                need = std::max(need, label->fontMetrics().horizontalAdvance(line));
        }
        if (need > room.width() + 1)
            return describe(text, need, room.width());
        return {};
    }
    if (auto* box = qobject_cast<QGroupBox*>(w)) {
        const int need = box->fontMetrics().horizontalAdvance(plain(box->title())) + (box->isCheckable() ? 24 : 8);
        if (!box->title().isEmpty() && need > box->width())
            return describe(box->title(), need, box->width());
        return {};
    }
    if (qobject_cast<QPushButton*>(w) || qobject_cast<QCheckBox*>(w) || qobject_cast<QRadioButton*>(w)) {
        auto* button = static_cast<QAbstractButton*>(w);
        if (button->text().isEmpty())
            return {};
        const int need = button->sizeHint().width();
        if (need > button->width() + 1)
            return describe(plain(button->text()), need, button->width());
        return {};
    }
    if (auto* tool = qobject_cast<QToolButton*>(w)) {
        const Qt::ToolButtonStyle style = tool->toolButtonStyle();
        if (tool->text().isEmpty() || style == Qt::ToolButtonIconOnly || tool->inherits("QToolBarExtension")
            || (style == Qt::ToolButtonFollowStyle && !tool->icon().isNull()))
            return {};
        const int need = tool->sizeHint().width();
        if (need > tool->width() + 1)
            return describe(plain(tool->text()), need, tool->width());
        return {};
    }
    if (auto* combo = qobject_cast<QComboBox*>(w)) {
        if (combo->isEditable() || combo->currentText().isEmpty())
            return {};
        const int need = combo->fontMetrics().horizontalAdvance(combo->currentText()) + 28;
        if (need > combo->width())
            return describe(combo->currentText(), need, combo->width());
        return {};
    }
    if (auto* edit = qobject_cast<QLineEdit*>(w)) {
        if (!edit->text().isEmpty() || edit->placeholderText().isEmpty())
            return {};
        const int need = edit->fontMetrics().horizontalAdvance(edit->placeholderText()) + 8;
        if (need > edit->width())
            return describe(edit->placeholderText(), need, edit->width()) + QStringLiteral(" (placeholder)");
        return {};
    }
    if (auto* tabs = qobject_cast<QTabBar*>(w)) {
        for (int i = 0; i < tabs->count(); ++i) {
            const int need = tabs->fontMetrics().horizontalAdvance(plain(tabs->tabText(i)));
            if (need > tabs->tabRect(i).width())
                return describe(plain(tabs->tabText(i)), need, tabs->tabRect(i).width()) + QStringLiteral(" (tab)");
        }
        return {};
    }
    if (auto* dock = qobject_cast<QDockWidget*>(w)) {
        if (dock->isFloating() || dock->windowTitle().isEmpty())
            return {};
        // The title bar keeps room for the float and close buttons.
        const int need = dock->fontMetrics().horizontalAdvance(dock->windowTitle()) + 48;
        if (need > dock->width())
            return describe(dock->windowTitle(), need, dock->width()) + QStringLiteral(" (dock title)");
        return {};
    }
    if (auto* bar = qobject_cast<QMenuBar*>(w)) {
        for (QAction* a : bar->actions()) {
            const QRect at = bar->actionGeometry(a);
            if (a->isVisible() && (at.isEmpty() || at.right() > bar->width()))
                return describe(plain(a->text()), at.right(), bar->width()) + QStringLiteral(" (menu bar)");
        }
        return {};
    }
    if (auto* tools = qobject_cast<QToolBar*>(w)) {
        // Actions that do not fit go behind the toolbar's extension button (») and are out of sight.
        for (QToolButton* b : tools->findChildren<QToolButton*>(QString(), Qt::FindDirectChildrenOnly))
            if (b->inherits("QToolBarExtension") && b->isVisible())
                return describe(tools->windowTitle(), tools->sizeHint().width(), tools->width())
                    + QStringLiteral(" (toolbar overflows)");
        return {};
    }
    return {};
}

// Latin prose: three or more English-looking words and no Cyrillic. Field names, keys, decision names and
// URLs (with _ / : . digits) are data, not prose.
bool englishProse(const QString& raw)
{
    const QString text = plain(raw);
    static const QRegularExpression cyrillic(QStringLiteral("[\\x{0400}-\\x{04FF}]"));
    if (text.contains(cyrillic))
        return false;
    static const QRegularExpression word(QStringLiteral("(?<![\\w_./:-])[A-Za-z][a-z]{2,}(?![\\w_./:-])"));
    int words = 0;
    for (auto it = word.globalMatch(text); it.hasNext(); it.next())
        ++words;
    return words >= 3;
}

// Every text a person reads on the window's visible widgets, menus and actions.
QStringList visibleTexts(QWidget* window)
{
    QStringList out;
    for (QWidget* w : window->findChildren<QWidget*>()) {
        if (!shown(w, window))
            continue;
        if (auto* l = qobject_cast<QLabel*>(w))
            out << l->text();
        else if (auto* b = qobject_cast<QAbstractButton*>(w))
            out << b->text();
        else if (auto* g = qobject_cast<QGroupBox*>(w))
            out << g->title();
        else if (auto* d = qobject_cast<QDockWidget*>(w))
            out << d->windowTitle();
        else if (auto* t = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < t->count(); ++i)
                out << t->tabText(i);
    }
    if (auto* main = qobject_cast<QMainWindow*>(window)) {
        std::function<void(QMenu*)> walk = [&](QMenu* menu) {
            out << menu->title();
            for (QAction* a : menu->actions()) {
                if (a->menu())
                    walk(a->menu());
                else if (!a->isSeparator())
                    out << a->text();
            }
        };
        for (QAction* a : main->menuBar()->actions())
            if (a->menu())
                walk(a->menu());
    }
    out.removeAll(QString());
    return out;
}

// The language names of View → Language name themselves in their own language: never a translation's fault.
bool isLanguageName(const QString& text)
{
    for (const LanguageChoice& c : language::available())
        if (c.nativeName == text)
            return true;
    return false;
}

} // namespace

class TestLanguage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void languagesNameThemselves();
    void unknownLanguageMeansEnglish();
    void choiceIsRemembered();
    void systemLocaleDecides_data();
    void systemLocaleDecides();
    void childReportsItsLanguage();
    void qtOwnTextsFollow();
    void spaceKeyNamedAsInCaptions();
    void localeFormatsNumbers();
    void languageMenuSwitchesAtOnce();
    void everyWindowFits_data();
    void everyWindowFits();
    void openWindowSwitchesAtOnce();
    void scenarioTextsFollowTheLanguage();
    void scenarioWithoutTranslationsShowsItsOwn();
    void presetListShowsTheScenariosTitles();
    void blankWindowSpeaksTheLanguage_data();
    void blankWindowSpeaksTheLanguage();

private:
    // The window a row names, built in the language in use and shown at 1280×800.
    std::unique_ptr<QWidget> build(const QString& which);
    std::unique_ptr<MainWindow> m_host; // the explore dialog's run
};

void TestLanguage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_language"));
    QSettings().remove(QStringLiteral("language"));
}

void TestLanguage::cleanup()
{
    language::use(QStringLiteral("en"));
}

void TestLanguage::languagesNameThemselves()
{
    QStringList codes, names;
    for (const LanguageChoice& c : language::available()) {
        codes << c.code;
        names << c.nativeName;
    }
    QCOMPARE(codes, (QStringList { QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("uk") }));
    QCOMPARE(
        names, (QStringList { QStringLiteral("English"), QStringLiteral("Русский"), QStringLiteral("Українська") }));
}

void TestLanguage::unknownLanguageMeansEnglish()
{
    language::use(QStringLiteral("ru"));
    QCOMPARE(language::current(), QStringLiteral("ru"));
    language::use(QStringLiteral("xx"));
    QCOMPARE(language::current(), QStringLiteral("en"));
    QCOMPARE(QCoreApplication::translate("iw::LanguageMenu", "&Language"), QStringLiteral("&Language"));
}

void TestLanguage::choiceIsRemembered()
{
    QSettings().remove(QStringLiteral("language"));
    QCOMPARE(language::startupLanguage(), language::systemLanguage());
    language::choose(QStringLiteral("uk"));
    QCOMPARE(language::current(), QStringLiteral("uk"));
    QCOMPARE(language::startupLanguage(), QStringLiteral("uk"));
    QCOMPARE(QCoreApplication::translate("iw::LanguageMenu", "&Language"),
        QCoreApplication::translate("iw::LanguageMenu", "&Language")); // loaded without error
    QVERIFY2(QCoreApplication::translate("iw::LanguageMenu", "&Language") != QLatin1String("&Language"),
        "the Ukrainian translation of View → Language is not loaded");
    language::choose(QStringLiteral("en"));
    QCOMPARE(language::startupLanguage(), QStringLiteral("en"));
    QSettings().remove(QStringLiteral("language"));
}

void TestLanguage::systemLocaleDecides_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("expected");
    QTest::newRow("russian_system") << QStringLiteral("ru_RU.UTF-8") << QStringLiteral("ru");
    QTest::newRow("ukrainian_system") << QStringLiteral("uk_UA.UTF-8") << QStringLiteral("uk");
    QTest::newRow("german_system_falls_back_to_english") << QStringLiteral("de_DE.UTF-8") << QStringLiteral("en");
    QTest::newRow("c_locale") << QStringLiteral("C.UTF-8") << QStringLiteral("en");
}

// QLocale::system() is read once per process, so each row starts this test binary again with LANG set and asks
// the child what it would open in (childReportsItsLanguage).
void TestLanguage::systemLocaleDecides()
{
    QFETCH(QString, lang);
    QFETCH(QString, expected);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    env.remove(QStringLiteral("LANGUAGE"));
    env.insert(QStringLiteral("LANG"), lang);
    env.insert(QStringLiteral("IW_LANGUAGE_CHILD"), QStringLiteral("1"));
    const iwtest::ChildResult child = iwtest::runChild(QCoreApplication::applicationFilePath(),
        { .args = { QStringLiteral("childReportsItsLanguage") }, .environment = env });
    QVERIFY2(child.ranToEnd(), qPrintable(child.error));
    const QString out = QString::fromUtf8(child.out);
    QCOMPARE(child.exitCode, 0);
    static const QRegularExpression said(QStringLiteral("IW_LANGUAGE=(\\w+)"));
    const auto m = said.match(out);
    QVERIFY2(m.hasMatch(), qPrintable(out));
    QCOMPARE(m.captured(1), expected);
}

void TestLanguage::childReportsItsLanguage()
{
    if (qEnvironmentVariableIsEmpty("IW_LANGUAGE_CHILD"))
        QSKIP("run by systemLocaleDecides in a child process with LANG set");
    QSettings().remove(QStringLiteral("language"));
    language::use(language::startupLanguage());
    std::printf("IW_LANGUAGE=%s\n", qPrintable(language::current()));
}

void TestLanguage::qtOwnTextsFollow()
{
    language::use(QStringLiteral("ru"));
    QDialogButtonBox ru(QDialogButtonBox::Cancel);
    QCOMPARE(ru.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Отмена"));
    language::use(QStringLiteral("uk"));
    QDialogButtonBox uk(QDialogButtonBox::Cancel);
    QCOMPARE(uk.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Скасувати"));
    language::use(QStringLiteral("en"));
    QDialogButtonBox en(QDialogButtonBox::Cancel);
    QCOMPARE(en.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Cancel"));
}

void TestLanguage::spaceKeyNamedAsInCaptions()
{
    // The menus' shortcut column names Space as the lesson captions and the help do (docs/glossary.md): Qt's own
    // Ukrainian says «Пропуск».
    const QKeySequence space(Qt::Key_Space);
    language::use(QStringLiteral("uk"));
    QCOMPARE(space.toString(QKeySequence::NativeText), QStringLiteral("Пробіл"));
    language::use(QStringLiteral("ru"));
    QCOMPARE(space.toString(QKeySequence::NativeText), QStringLiteral("Пробел"));
    language::use(QStringLiteral("en"));
    QCOMPARE(space.toString(QKeySequence::NativeText), QStringLiteral("Space"));
}

void TestLanguage::localeFormatsNumbers()
{
    language::use(QStringLiteral("ru"));
    QCOMPARE(QLocale().language(), QLocale::Russian);
    QCOMPARE(QLocale().toString(1234.5, 'f', 1), QStringLiteral("1\u00A0234,5"));
    language::use(QStringLiteral("uk"));
    QCOMPARE(QLocale().language(), QLocale::Ukrainian);
    QCOMPARE(QLocale().toString(1234.5, 'f', 1), QStringLiteral("1\u00A0234,5"));
    language::use(QStringLiteral("en"));
    QCOMPARE(QLocale().language(), QLocale::English);
}

void TestLanguage::languageMenuSwitchesAtOnce()
{
    LanguageMenu menu;
    QCOMPARE(menu.title(), QStringLiteral("&Language"));
    QAction* russian = nullptr;
    for (QAction* a : menu.actions())
        if (a->data().toString() == QLatin1String("ru"))
            russian = a;
    QVERIFY(russian);
    QVERIFY(!russian->isChecked());
    russian->trigger();
    QCoreApplication::processEvents(); // Qt posts LanguageChange to the top-level widgets
    QCOMPARE(language::current(), QStringLiteral("ru"));
    QVERIFY(russian->isChecked());
    QVERIFY2(menu.title() != QLatin1String("&Language"), "the menu did not retranslate itself");
    QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("ru"));
    QSettings().remove(QStringLiteral("language"));
}

void TestLanguage::everyWindowFits_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("which");
    const QStringList windows { QStringLiteral("main"), QStringLiteral("main_lesson"), QStringLiteral("review"),
        QStringLiteral("explore"), QStringLiteral("store"), QStringLiteral("live_connect"), QStringLiteral("live") };
    for (const QString& lang : { QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("uk") })
        for (const QString& w : windows)
            QTest::newRow(qPrintable(lang + QLatin1Char('_') + w)) << lang << w;
}

std::unique_ptr<QWidget> TestLanguage::build(const QString& which)
{
    std::unique_ptr<QWidget> w;
    if (which == QLatin1String("main") || which == QLatin1String("main_lesson")) {
        auto main = std::make_unique<MainWindow>();
        main->openScenario(presetFile(QStringLiteral("lost-response-replay")));
        if (which == QLatin1String("main_lesson")) {
            main->lessonMode()->playAction()->trigger();
            main->lessonMode()->nextAction()->trigger();
        }
        w = std::move(main);
    } else if (which == QLatin1String("review")) {
        w = std::make_unique<ReviewWindow>();
    } else if (which == QLatin1String("explore")) {
        m_host = std::make_unique<MainWindow>();
        m_host->openScenario(presetFile(QStringLiteral("crash-after-effect-lease")));
        w = std::make_unique<ExploreDialog>(m_host->runController());
    } else if (which == QLatin1String("store")) {
        w = std::make_unique<StoreDialog>();
    } else if (which == QLatin1String("live_connect")) {
        w = std::make_unique<LiveConnectDialog>();
    } else if (which == QLatin1String("live")) {
        if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
            return nullptr;
        w = std::make_unique<LiveWindow>(LiveConnection::open(""));
    }
    return w;
}

void TestLanguage::everyWindowFits()
{
    QFETCH(QString, lang);
    QFETCH(QString, which);
    language::use(lang);
    std::unique_ptr<QWidget> window = build(which);
    if (!window)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const QSize screen(1280, 800);
    // Dialogs keep their own size when it fits; windows take the whole 1280×800.
    if (qobject_cast<QMainWindow*>(window.get()))
        window->resize(screen);
    else
        window->resize(window->sizeHint().boundedTo(screen));
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    if (which == QLatin1String("main_lesson")) {
        // The lesson's step plays the clock to its instant: measure the window the step leaves, not a frame on
        // the way (under the sanitizers the way is slow enough to catch it half laid out).
        auto* main = static_cast<MainWindow*>(window.get());
        QVERIFY(QTest::qWaitFor([main] { return !main->runController()->isPlaying(); }, 20000));
        QVERIFY2(main->runController()->now() > 0, "the lesson's first step did not move the clock");
    }
    QTest::qWait(50);
    if (window->minimumSizeHint().width() > screen.width() || window->minimumSizeHint().height() > screen.height()) {
        // Say which parts ask for the room, so the fix can be aimed.
        QStringList parts;
        for (QWidget* w : window->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (!w->isVisible())
                continue;
            parts << QStringLiteral("%1 %2 %3×%4")
                         .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                         .arg(w->minimumSizeHint().width())
                         .arg(w->minimumSizeHint().height());
            for (QWidget* c : w->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
                if (c->isVisible() && c->minimumSizeHint().width() > 300)
                    parts << QStringLiteral("  %1 %2 %3×%4")
                                 .arg(QString::fromLatin1(c->metaObject()->className()), c->objectName())
                                 .arg(c->minimumSizeHint().width())
                                 .arg(c->minimumSizeHint().height());
        }
        QFAIL(qPrintable(QStringLiteral("the window needs at least %1×%2:\n  %3")
                             .arg(window->minimumSizeHint().width())
                             .arg(window->minimumSizeHint().height())
                             .arg(parts.join(QLatin1String("\n  ")))));
    }
    QVERIFY2(window->width() <= screen.width() && window->height() <= screen.height(),
        qPrintable(QStringLiteral("the window is %1×%2").arg(window->width()).arg(window->height())));

    // A timer may have changed a text after the last layout pass (the lesson's clock moves on, and under the
    // sanitizers a tick can land between the layout and this check): lay out what is pending first, with no event
    // loop in between, so what is measured is what the user sees one frame later.
    for (int pass = 0; pass < 4; ++pass)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QStringList problems;
    for (QWidget* w : window->findChildren<QWidget*>()) {
        if (!shown(w, window.get()))
            continue;
        if (const QString p = cutOff(w); !p.isEmpty())
            problems << p;
    }
    if (lang != QLatin1String("en")) {
        for (const QString& text : visibleTexts(window.get()))
            if (englishProse(text) && !isLanguageName(text))
                problems << QStringLiteral("left in English: \"%1\"").arg(text.left(100));
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1String("\n  "))));
    window.reset();
    m_host.reset();
}

namespace {

// The menu bar's titles, as drawn.
QStringList menuTitles(QMainWindow& window)
{
    QStringList titles;
    for (QAction* a : window.menuBar()->actions())
        titles << plain(a->text());
    return titles;
}

QStringList englishLeft(QWidget* window)
{
    QStringList left;
    for (const QString& text : visibleTexts(window))
        if (englishProse(text) && !isLanguageName(text))
            left << text.left(100);
    left.removeDuplicates();
    return left;
}

QString labelText(QWidget* window, const char* objectName)
{
    auto* label = window->findChild<QLabel*>(QLatin1String(objectName));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(objectName));
}

} // namespace

// A window opened in English switches when the language changes, without being built again: menus, docks,
// the scenario panel, the caption, and back.
void TestLanguage::openWindowSwitchesAtOnce()
{
    language::use(QStringLiteral("en"));
    MainWindow window;
    window.openScenario(presetFile(QStringLiteral("lost-response-replay")));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QStringList english = menuTitles(window);
    QCOMPARE(english.first(), QStringLiteral("File"));

    for (const QString& lang : { QStringLiteral("ru"), QStringLiteral("uk") }) {
        language::choose(lang);
        QCoreApplication::processEvents(); // Qt posts LanguageChange to the top-level windows
        const QStringList titles = menuTitles(window);
        QCOMPARE(titles.size(), english.size());
        for (int i = 0; i < titles.size(); ++i)
            QVERIFY2(titles[i] != english[i], qPrintable(QStringLiteral("menu \"%1\" stayed English").arg(titles[i])));
        const QStringList left = englishLeft(&window);
        QVERIFY2(left.isEmpty(),
            qPrintable(
                lang + QStringLiteral(": left in English after the switch:\n  ") + left.join(QLatin1String("\n  "))));
    }
    language::choose(QStringLiteral("en"));
    QCoreApplication::processEvents();
    QCOMPARE(menuTitles(window), english);
    QSettings().remove(QStringLiteral("language"));
}

// The preset's title, description and lesson come from its `translations`, and follow a switch.
void TestLanguage::scenarioTextsFollowTheLanguage()
{
    const Scenario preset = loadScenarioFile(presetFile(QStringLiteral("lost-response-replay")).toStdString());
    const ScenarioTexts ru = scenarioTexts(preset, "ru");
    const ScenarioTexts en = scenarioTexts(preset, "en");
    QVERIFY2(ru.title != en.title, "the preset has no Russian title");

    language::use(QStringLiteral("ru"));
    MainWindow window;
    window.openScenario(presetFile(QStringLiteral("lost-response-replay")));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.windowTitle().contains(QString::fromStdString(ru.title)), qPrintable(window.windowTitle()));
    window.lessonMode()->playAction()->trigger();
    window.lessonMode()->nextAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(
        labelText(&window, "lessonCaptionTitle"), QString::fromStdString(ru.lesson[0].title), 20000);
    QCOMPARE(labelText(&window, "lessonCaptionText"), QString::fromStdString(ru.lesson[0].text));
    // Issue 42 item 12: the preset list names the presets in Russian too (their translated titles), not by their
    // English names.
    const auto presetRow = [&](const QString& title) {
        for (QListWidget* list : window.findChildren<QListWidget*>())
            for (int i = 0; i < list->count(); ++i)
                if (list->item(i)->text() == title)
                    return i;
        return -1;
    };
    QVERIFY2(presetRow(QString::fromStdString(ru.title)) >= 0, "the preset list shows no Russian title");
    // …whole: a title longer than the dock is wide wraps onto further lines instead of being cut (issue 42, 14).
    const auto presetsReadWhole = [&](const char* language) {
        QCoreApplication::processEvents();
        auto* list = window.findChild<QListWidget*>(QStringLiteral("presets"));
        QVERIFY(list);
        int wrapped = 0;
        for (int i = 0; i < list->count(); ++i) {
            QListWidgetItem* item = list->item(i);
            list->scrollToItem(item);
            const QRect r = list->visualItemRect(item);
            const QFontMetrics fm(item->font());
            // The item delegate's text stands 3 pixels in from each side of its row (Fusion's focus frame margin).
            const QByteArray where = QByteArray(language) + ": " + item->text().toUtf8();
            QVERIFY2(r.left() >= 0 && r.right() < list->viewport()->width() + 1, where.constData());
            const QRect text = fm.boundingRect(QRect(0, 0, r.width() - 6, 100'000), Qt::TextWordWrap, item->text());
            QVERIFY2(text.height() <= r.height(),
                QByteArray(where + " is cut: " + QByteArray::number(text.height()) + " in "
                    + QByteArray::number(r.height()) + " at " + QByteArray::number(r.width()))
                    .constData());
            wrapped += text.height() > fm.height() + 1 ? 1 : 0;
        }
        QVERIFY2(wrapped > 0, "no title needed a second line: the check saw nothing"); // the check can fail
    };
    presetsReadWhole("ru");
    // Fourth pass, item 5: the Request tab fits the Scenario dock at 1280×800 without scrolling sideways (the fault
    // boxes' two columns of Russian words made it wider).
    const auto requestFits = [&](const char* language) {
        QCoreApplication::processEvents();
        QWidget* key = window.findChild<QLineEdit*>(QStringLiteral("key"));
        QVERIFY(key);
        QScrollArea* area = nullptr;
        for (QWidget* w = key->parentWidget(); w && !area; w = w->parentWidget())
            area = qobject_cast<QScrollArea*>(w);
        QVERIFY(area);
        QVERIFY2(area->horizontalScrollBar()->maximum() == 0,
            qPrintable(QStringLiteral("%1: the Request tab scrolls sideways by %2 pixels")
                           .arg(QLatin1String(language))
                           .arg(area->horizontalScrollBar()->maximum())));
    };
    requestFits("ru");
    // The Request form's key mode reads whole: «вручную», not «вручн».
    auto* keyKind = window.findChild<QComboBox*>(QStringLiteral("keyKind"));
    QVERIFY(keyKind);
    for (int i = 0; i < keyKind->count(); ++i) {
        const int text = keyKind->fontMetrics().horizontalAdvance(keyKind->itemText(i));
        QVERIFY2(keyKind->width() >= text + 16, qPrintable(keyKind->itemText(i)));
    }
    QCOMPARE(presetRow(QStringLiteral("Lost response replay")), -1);

    language::use(QStringLiteral("uk"));
    QCoreApplication::processEvents();
    const ScenarioTexts uk = scenarioTexts(preset, "uk");
    QCOMPARE(labelText(&window, "lessonCaptionTitle"), QString::fromStdString(uk.lesson[0].title));
    QVERIFY2(window.windowTitle().contains(QString::fromStdString(uk.title)), qPrintable(window.windowTitle()));
    QVERIFY2(presetRow(QString::fromStdString(uk.title)) >= 0, "the preset list shows no Ukrainian title");
    presetsReadWhole("uk");
    requestFits("uk");
    language::use(QStringLiteral("en"));
    QCoreApplication::processEvents();
    QVERIFY(presetRow(QString::fromStdString(en.title)) >= 0);
    presetsReadWhole("en");
    requestFits("en");
}

// Issue 42 (fourth pass, item 4): the preset list's "More" group showed names made from file names ("Dynamodb clock
// skew early expiry", "Aws resource lifetime window") where the scenarios carry titles ("DynamoDB: a writer's slow
// clock…"). Every entry of every group, in every language, is its scenario's title in that language.
void TestLanguage::presetListShowsTheScenariosTitles()
{
    MainWindow window;
    auto* list = window.findChild<QListWidget*>(QStringLiteral("presets"));
    QVERIFY(list);
    std::map<std::string, PresetInfo> presets;
    for (const PresetInfo& p : listPresets())
        presets[p.name] = p;
    for (const char* code : { "en", "ru", "uk" }) {
        language::use(QString::fromLatin1(code));
        QCoreApplication::processEvents();
        int entries = 0;
        QString group;
        for (int i = 0; i < list->count(); ++i) {
            QListWidgetItem* item = list->item(i);
            if (!(item->flags() & Qt::ItemIsEnabled)) {
                group = item->text();
                continue;
            }
            const auto found = presets.find(item->data(Qt::UserRole + 1).toString().toStdString());
            QVERIFY(found != presets.end());
            const PresetInfo& p = found->second;
            QVERIFY2(!p.title.empty(), p.name.c_str());
            // The name a file name makes: "dynamodb-clock-skew-early-expiry" → "Dynamodb clock skew early expiry".
            QString fromFile = QString::fromStdString(p.name).replace(QLatin1Char('-'), QLatin1Char(' '));
            fromFile[0] = fromFile[0].toUpper();
            const QByteArray where
                = QByteArray(code) + " / " + group.toUtf8() + " / " + QByteArray::fromStdString(p.name);
            QVERIFY2(item->text().compare(fromFile, Qt::CaseInsensitive) != 0, where.constData());
            QCOMPARE(item->text(), QString::fromStdString(p.shownTitle(code)));
            if (std::string_view(code) != "en")
                QVERIFY2(item->text() != QString::fromStdString(p.title),
                    QByteArray(where + ": the English title in another language").constData());
            ++entries;
        }
        QCOMPARE(entries, int(presets.size()));
    }
    language::use(QStringLiteral("en"));
}

// A scenario without `translations` shows its own English texts in any language.
void TestLanguage::scenarioWithoutTranslationsShowsItsOwn()
{
    const QString file = QStringLiteral(IW_SOURCE_DIR "/tests/data/scenarios/spec-example.json");
    const Scenario own = loadScenarioFile(file.toStdString());
    QVERIFY(own.translations.empty());
    language::use(QStringLiteral("ru"));
    MainWindow window;
    window.openScenario(file);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString title = QString::fromStdString(own.title.empty() ? own.name : own.title);
    QVERIFY2(window.windowTitle().contains(title), qPrintable(window.windowTitle()));
    QVERIFY2(visibleTexts(&window).contains(title), "the scenario panel does not show the scenario's own title");
    // …while the window around it speaks Russian: nothing but the scenario's own texts is left in English.
    QStringList left = englishLeft(&window);
    left.removeIf([&](const QString& text) {
        return text.contains(title) || text.contains(QString::fromStdString(own.description));
    });
    QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1String("\n  "))));
}

namespace {

// What every room's Qt Linguist file says in `lang`: each source text with a finished translation that differs from
// it ("Untitled" → «Без названия»), whatever its context; plural entries are left out (their texts carry figures).
QHash<QString, QString> translatedWords(const QString& lang)
{
    QHash<QString, QString> words;
    QDir views(QStringLiteral(IW_SOURCE_DIR "/views"));
    for (const QString& room : views.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile file(views.filePath(
            room + QStringLiteral("/translations/") + room + QLatin1Char('_') + lang + QStringLiteral(".ts")));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        QXmlStreamReader xml(&file);
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("message")) {
                source.clear();
                if (xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"))
                    source = QStringLiteral("\x01"); // skipped below
            } else if (xml.name() == QLatin1String("source")) {
                if (source != QStringLiteral("\x01"))
                    source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation") && source != QStringLiteral("\x01")) {
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                const QString text = xml.readElementText();
                if (source.isEmpty() || source == QStringLiteral("\x01") || !type.isEmpty() || text.isEmpty()
                    || text == source)
                    continue;
                words.insert(source, text);
            }
        }
        if (xml.hasError())
            qWarning(
                "%s: %s at line %lld", qPrintable(file.fileName()), qPrintable(xml.errorString()), xml.lineNumber());
    }
    return words;
}

// Every visible text of the window that its language's files translate and that is still shown in English: a
// string not through tr(), a tr() in a context the file does not have, a text set before the translation was
// installed or not set again when the language changed. The window's title, its widgets' texts, its menus and
// actions, and the tooltips of what is visible.
QStringList untranslated(QMainWindow& window, const QHash<QString, QString>& words)
{
    QStringList texts = visibleTexts(&window);
    texts << window.windowTitle() << window.windowTitle().section(QStringLiteral(" — "), 0, 0);
    for (QWidget* w : window.findChildren<QWidget*>())
        if (shown(w, &window))
            texts << w->toolTip();
    for (QAction* a : window.findChildren<QAction*>())
        texts << a->toolTip();
    QStringList left;
    for (const QString& text : texts)
        if (!text.isEmpty() && words.contains(text))
            left << QStringLiteral("\"%1\" (the file says \"%2\")").arg(text.left(100), words.value(text).left(100));
    left.removeDuplicates();
    return left;
}

} // namespace

void TestLanguage::blankWindowSpeaksTheLanguage_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<bool>("switched");
    for (const char* lang : { "ru", "uk" }) {
        QTest::newRow(lang) << QString::fromLatin1(lang) << false;
        QTest::newRow(qPrintable(QStringLiteral("%1 after a switch").arg(QLatin1String(lang))))
            << QString::fromLatin1(lang) << true;
    }
}

void TestLanguage::blankWindowSpeaksTheLanguage()
{
    // Fifth pass, item 1: started in Russian with no scenario, the window's title said "Untitled" and the scenario
    // panel "No scenario loaded: edit the policies and fire requests by hand, or pick a preset." The blank
    // scenario's texts, and every other visible text the language's files translate, are in that language — whether
    // the window was made in it or switched to it.
    QFETCH(QString, lang);
    QFETCH(bool, switched);
    const QHash<QString, QString> words = translatedWords(lang);
    QVERIFY2(words.size() > 1000, qPrintable(QString::number(words.size())));
    QVERIFY(words.contains(QStringLiteral("Untitled")));
    language::use(switched ? QStringLiteral("en") : lang);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (switched) {
        language::use(lang);
        QCoreApplication::processEvents(); // Qt posts LanguageChange to the top-level windows
    }
    QTest::qWait(50);
    QVERIFY2(!window.windowTitle().contains(QStringLiteral("Untitled")), qPrintable(window.windowTitle()));
    QVERIFY2(window.windowTitle().contains(words.value(QStringLiteral("Untitled"))), qPrintable(window.windowTitle()));
    const QString description = words.value(
        QStringLiteral("No scenario loaded: edit the policies and fire requests by hand, or pick a preset."));
    QVERIFY(!description.isEmpty());
    QVERIFY2(visibleTexts(&window).contains(description), "the scenario panel does not say the blank scenario's text");
    const QStringList left = untranslated(window, words);
    QVERIFY2(
        left.isEmpty(), qPrintable(lang + QStringLiteral(": left in English:\n  ") + left.join(QLatin1String("\n  "))));
    // And a preset's window, walked the same way.
    window.openScenario(presetFile(QStringLiteral("check-then-insert-race")));
    QTest::qWait(50);
    const QStringList presetLeft = untranslated(window, words);
    QVERIFY2(presetLeft.isEmpty(),
        qPrintable(
            lang + QStringLiteral(" with a preset: left in English:\n  ") + presetLeft.join(QLatin1String("\n  "))));
}

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
