// The GUI's languages (docs/glossary.md): English, Russian and Ukrainian. One language is in use for the whole
// application; switching installs the rooms' translators, which sends QEvent::LanguageChange to every widget (each
// retranslates itself), and sets the default QLocale that numbers and times are formatted in. The command line never
// calls this: reports and the CLI's output stay English.
#pragma once

#include <QList>
#include <QLocale>
#include <QMenu>
#include <QString>

class QActionGroup;

namespace iw {

struct LanguageChoice {
    QString code; // "en", "ru", "uk": the suffix of the .qm files and of scenario@1's `translations`
    QString nativeName; // how the language names itself in the menu: English, Русский, Українська
};

namespace language {

// The languages the GUI speaks, English first.
QList<LanguageChoice> available();

// The language the system locale asks for (LANG, LC_ALL, LC_MESSAGES through QLocale::system()), or "en" when it
// asks for none the GUI speaks.
QString systemLanguage();

// The language a start opens in: the one chosen in View → Language before (QSettings "language"), else the system's.
QString startupLanguage();

// Makes `code` the language in use: loads ":/i18n/*_<code>.qm" of every room and Qt's own translations, installs
// them (replacing the previous language's), and sets the default locale. Unknown codes mean English.
void use(const QString& code);

// use() and remembers the choice for the next start.
void choose(const QString& code);

// The language in use ("en" before use() is called).
QString current();

// The locale of the language in use: the system's own when it speaks that language (so its region's conventions
// stay), else the language's default.
QLocale locale();

} // namespace language

// View → Language: one checkable entry per language, named in its own language; choosing one switches at once.
class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void markCurrent();

    QActionGroup* m_group = nullptr;
};

} // namespace iw
