#include "language.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

#include <memory>
#include <vector>

namespace iw::language {

namespace {

const QString s_settingsKey = QStringLiteral("language");

// Words of Qt's own translations this room overrides (its .ts files say them as docs/glossary.md does): Qt's
// Ukrainian names the Space key «Пропуск» in menus' shortcut column, where the captions and the help say «Пробіл».
[[maybe_unused]] constexpr const char* s_qtOverrides[] = {
    QT_TRANSLATE_NOOP("QShortcut", "Space"),
};

QString& currentCode()
{
    static QString code = QStringLiteral("en");
    return code;
}

// The translators installed for the language in use; replaced as a whole on a switch.
std::vector<std::unique_ptr<QTranslator>>& installed()
{
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}

bool isAvailable(const QString& code)
{
    for (const LanguageChoice& c : available())
        if (c.code == code)
            return true;
    return false;
}

} // namespace

QList<LanguageChoice> available()
{
    return { { QStringLiteral("en"), QStringLiteral("English") }, { QStringLiteral("ru"), QStringLiteral("Русский") },
        { QStringLiteral("uk"), QStringLiteral("Українська") } };
}

QString systemLanguage()
{
    for (const QString& tag : QLocale::system().uiLanguages()) {
        const QString code = tag.section(QLatin1Char('-'), 0, 0).toLower();
        if (isAvailable(code))
            return code;
    }
    return QStringLiteral("en");
}

QString startupLanguage()
{
    const QString saved = QSettings().value(s_settingsKey).toString();
    return isAvailable(saved) ? saved : systemLanguage();
}

QLocale locale()
{
    const QString code = currentCode();
    const QLocale system = QLocale::system();
    if (QLocale::languageToCode(system.language()) == code)
        return system;
    return QLocale(code);
}

void use(const QString& requested)
{
    const QString code = isAvailable(requested) ? requested : QStringLiteral("en");
    auto& translators = installed();
    for (const auto& t : translators)
        QCoreApplication::removeTranslator(t.get());
    translators.clear();
    currentCode() = code;
    QLocale::setDefault(locale());

    // Qt's own texts (the buttons of a QDialogButtonBox, a QFileDialog): Debian's qt6-translations-l10n. Installed
    // first, so the rooms' files, installed after and searched before it, may override one of its words.
    if (code != QLatin1String("en")) {
        auto t = std::make_unique<QTranslator>();
        if (t->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            translators.push_back(std::move(t));
    }
    // Every room's own file (":/i18n/<room>_<code>.qm"); English has only its plural forms.
    const QDir rooms(QStringLiteral(":/i18n"), QStringLiteral("*_") + code + QStringLiteral(".qm"));
    for (const QString& file : rooms.entryList(QDir::Files, QDir::Name)) {
        auto t = std::make_unique<QTranslator>();
        if (t->load(rooms.filePath(file)))
            translators.push_back(std::move(t));
    }
    for (const auto& t : translators)
        QCoreApplication::installTranslator(t.get());
    if (translators.empty() && QCoreApplication::instance()) {
        // Nothing installed (English without plural files): widgets still learn that the language changed.
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(QCoreApplication::instance(), &change);
    }
}

void choose(const QString& code)
{
    use(code);
    QSettings().setValue(s_settingsKey, currentCode());
}

QString current()
{
    return currentCode();
}

} // namespace iw::language

namespace iw {

LanguageMenu::LanguageMenu(QWidget* parent)
    : QMenu(parent)
    , m_group(new QActionGroup(this))
{
    m_group->setExclusive(true);
    for (const LanguageChoice& c : language::available()) {
        QAction* a = addAction(c.nativeName);
        a->setCheckable(true);
        a->setData(c.code);
        m_group->addAction(a);
    }
    connect(m_group, &QActionGroup::triggered, this, [](QAction* a) { language::choose(a->data().toString()); });
    retranslate();
}

void LanguageMenu::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMenu::changeEvent(event);
}

void LanguageMenu::retranslate()
{
    setTitle(tr("&Language"));
    markCurrent();
}

void LanguageMenu::markCurrent()
{
    for (QAction* a : m_group->actions())
        a->setChecked(a->data().toString() == language::current());
}

} // namespace iw
