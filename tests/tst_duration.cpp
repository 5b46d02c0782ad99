// The one duration vocabulary (views/vocabulary/duration, core's readDuration): every view reads a duration by the
// same rounding rule as the reports, in the language's units and number format, and an editor's text reads back to
// the value it shows, in English and Russian, at the extremes of a Millis too.
#include "domain.h"
#include "duration.h"
#include "durationspinbox.h"
#include "language.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

#include <limits>

using namespace iw;

namespace {

constexpr Millis Second = 1000;
constexpr Millis Minute = 60 * Second;
constexpr Millis Hour = 60 * Minute;
constexpr Millis Day = 24 * Hour;
constexpr Millis Largest = std::numeric_limits<Millis>::max();
constexpr Millis MostNegative = std::numeric_limits<Millis>::min();

// Russian writes a no-break space between a number and its unit and groups digits with one.
const QString nb = QStringLiteral("\u00A0");

} // namespace

class TestDuration : public QObject {
    Q_OBJECT
private slots:
    void cleanup();

    void readingFollowsOneRule_data();
    void readingFollowsOneRule();
    void coreAndViewsReadAlike_data();
    void coreAndViewsReadAlike();
    void editorTextRoundTrips_data();
    void editorTextRoundTrips();
    void parsesWhatUsersType_data();
    void parsesWhatUsersType();
    void spinBoxHoldsEveryDuration();
};

void TestDuration::cleanup()
{
    language::use(QStringLiteral("en"));
}

void TestDuration::readingFollowsOneRule_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("shown");
    QTest::newRow("en_zero") << "en" << qint64(0) << "0 ms";
    QTest::newRow("en_999") << "en" << qint64(999) << "999 ms";
    QTest::newRow("en_1000") << "en" << qint64(1000) << "1 s";
    QTest::newRow("en_1001_rounds_to_a_tenth") << "en" << qint64(1001) << "1 s";
    QTest::newRow("en_1250_half_up") << "en" << qint64(1250) << "1.3 s";
    QTest::newRow("en_59960_is_a_minute_not_60.0_s") << "en" << qint64(59'960) << "1 min";
    QTest::newRow("en_90500") << "en" << qint64(90'500) << "1 min 31 s";
    QTest::newRow("en_3599500_is_an_hour_not_60_min") << "en" << qint64(3'599'500) << "1 h";
    QTest::newRow("en_an_hour") << "en" << qint64(Hour) << "1 h";
    QTest::newRow("en_5h_2min") << "en" << qint64(5 * Hour + 2 * Minute) << "5 h 2 min";
    QTest::newRow("en_a_day") << "en" << qint64(Day) << "1 d";
    QTest::newRow("en_25h") << "en" << qint64(25 * Hour) << "1 d 1 h";
    QTest::newRow("en_negative") << "en" << qint64(-1500) << "\u22121.5 s";
    QTest::newRow("en_negative_minutes") << "en" << qint64(-90'500) << "\u22121 min 31 s";
    QTest::newRow("en_largest") << "en" << qint64(Largest) << "106,751,991,167 d 7 h";
    QTest::newRow("en_most_negative") << "en" << qint64(MostNegative) << "\u2212106,751,991,167 d 7 h";
    QTest::newRow("ru_zero") << "ru" << qint64(0) << QString(QStringLiteral("0") + nb + QStringLiteral("мс"));
    QTest::newRow("ru_1500") << "ru" << qint64(1500) << QString(QStringLiteral("1,5") + nb + QStringLiteral("с"));
    QTest::newRow("ru_90500") << "ru" << qint64(90'500)
                              << QString(
                                     QStringLiteral("1") + nb + QStringLiteral("мин 31") + nb + QStringLiteral("с"));
    QTest::newRow("ru_25h") << "ru" << qint64(25 * Hour)
                            << QString(QStringLiteral("1") + nb + QStringLiteral("д 1") + nb + QStringLiteral("ч"));
    QTest::newRow("ru_largest") << "ru" << qint64(Largest)
                                << QString(QStringLiteral("106") + nb + QStringLiteral("751") + nb
                                       + QStringLiteral("991") + nb + QStringLiteral("167") + nb + QStringLiteral("д 7")
                                       + nb + QStringLiteral("ч"));
}

void TestDuration::readingFollowsOneRule()
{
    QFETCH(QString, language);
    QFETCH(qint64, ms);
    QFETCH(QString, shown);
    language::use(language);
    QCOMPARE(shownDuration(ms), shown);
}

void TestDuration::coreAndViewsReadAlike_data()
{
    // The reports' English and the GUI's English are one text (below a thousand of any unit: the GUI groups digits
    // as its locale does, the reports never do; and the GUI writes the typographic minus).
    QTest::addColumn<qint64>("ms");
    for (const Millis ms : { Millis(0), Millis(1), Millis(999), Millis(1000), Millis(1049), Millis(1050),
             Millis(59'949), Millis(59'950), Millis(90'500), Millis(3'599'499), Millis(3'599'500), Hour, 25 * Hour,
             Day - 30'000, Day, 999 * Day, Millis(-1), Millis(-59'950), -25 * Hour })
        QTest::newRow(qPrintable(QString::number(ms))) << qint64(ms);
}

void TestDuration::coreAndViewsReadAlike()
{
    QFETCH(qint64, ms);
    language::use(QStringLiteral("en"));
    QCOMPARE(shownDuration(ms), QString::fromStdString(formatDurationMs(ms)).replace(QLatin1Char('-'), QChar(0x2212)));
}

void TestDuration::editorTextRoundTrips_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("en_zero") << "en" << qint64(0) << "0 ms";
    QTest::newRow("en_999") << "en" << qint64(999) << "999 ms";
    QTest::newRow("en_1000") << "en" << qint64(1000) << "1 s";
    QTest::newRow("en_1550_stays_exact") << "en" << qint64(1550) << "1,550 ms";
    QTest::newRow("en_90500") << "en" << qint64(90'500) << "90.5 s";
    QTest::newRow("en_an_hour") << "en" << qint64(Hour) << "1 h";
    QTest::newRow("en_a_day_reads_24h") << "en" << qint64(Day) << "24 h";
    QTest::newRow("en_25h") << "en" << qint64(25 * Hour) << "25 h";
    QTest::newRow("en_two_days") << "en" << qint64(2 * Day) << "2 d";
    QTest::newRow("en_ten_years") << "en" << qint64(LongestDurationMs) << "3,650 d";
    QTest::newRow("en_largest") << "en" << qint64(Largest) << "9,223,372,036,854,775,807 ms";
    QTest::newRow("ru_1500") << "ru" << qint64(1500) << QString(QStringLiteral("1,5 с"));
    QTest::newRow("ru_90500") << "ru" << qint64(90'500) << QString(QStringLiteral("90,5 с"));
    QTest::newRow("ru_1550") << "ru" << qint64(1550) << QString(QStringLiteral("1") + nb + QStringLiteral("550 мс"));
    QTest::newRow("ru_a_day") << "ru" << qint64(Day) << QString(QStringLiteral("24 ч"));
    QTest::newRow("ru_largest") << "ru" << qint64(Largest)
                                << QString(QStringLiteral("9") + nb + QStringLiteral("223") + nb + QStringLiteral("372")
                                       + nb + QStringLiteral("036") + nb + QStringLiteral("854") + nb
                                       + QStringLiteral("775") + nb + QStringLiteral("807 мс"));
}

void TestDuration::editorTextRoundTrips()
{
    QFETCH(QString, language);
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    language::use(language);
    QCOMPARE(editableDuration(ms), text);
    QCOMPARE(parseDuration(text), std::optional<Millis>(ms));
}

void TestDuration::parsesWhatUsersType_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms"); // -1: not a duration
    QTest::newRow("en_bare_number_is_ms") << "en"
                                          << "500" << qint64(500);
    QTest::newRow("en_no_space") << "en"
                                 << "24h" << qint64(24 * Hour);
    QTest::newRow("en_grouped") << "en"
                                << "1,500 ms" << qint64(1500);
    QTest::newRow("en_fraction") << "en"
                                 << "1.5 min" << qint64(90'000);
    QTest::newRow("en_fraction_of_a_ms_rounds_half_up") << "en"
                                                        << "0.5 ms" << qint64(1);
    QTest::newRow("en_long_fraction") << "en"
                                      << "0.0000000000000000009 d" << qint64(0);
    QTest::newRow("en_upper_case_unit") << "en"
                                        << "2 D" << qint64(2 * Day);
    QTest::newRow("en_unknown_unit") << "en"
                                     << "2 weeks" << qint64(-1);
    QTest::newRow("en_two_points") << "en"
                                   << "1.2.3 s" << qint64(-1);
    QTest::newRow("en_negative") << "en"
                                 << "-5 s" << qint64(-1);
    QTest::newRow("en_empty") << "en"
                              << "" << qint64(-1);
    QTest::newRow("en_beyond_a_millis") << "en"
                                        << "9223372036854775808 ms" << qint64(-1);
    QTest::newRow("en_beyond_a_millis_in_days") << "en"
                                                << "106751991168 d" << qint64(-1);
    QTest::newRow("en_largest_in_ms") << "en"
                                      << "9223372036854775807" << qint64(Largest);
    QTest::newRow("ru_decimal_comma") << "ru"
                                      << "1,5 с" << qint64(1500);
    QTest::newRow("ru_decimal_point_too") << "ru"
                                          << "1.5 с" << qint64(1500);
    QTest::newRow("ru_english_unit") << "ru"
                                     << "2 h" << qint64(2 * Hour);
    QTest::newRow("ru_grouped_with_nbsp")
        << "ru" << QString(QStringLiteral("1") + nb + QStringLiteral("500 мс")) << qint64(1500);
    QTest::newRow("ru_minutes") << "ru"
                                << "90 мин" << qint64(90 * Minute);
}

void TestDuration::parsesWhatUsersType()
{
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    language::use(language);
    QCOMPARE(parseDuration(text), ms < 0 ? std::nullopt : std::optional<Millis>(ms));
}

void TestDuration::spinBoxHoldsEveryDuration()
{
    // A TTL of thirty days is beyond an int's 24.8 days of milliseconds: the field keeps it whole.
    DurationSpinBox box;
    box.setRange(0, LongestDurationMs);
    QSignalSpy changed(&box, &DurationSpinBox::valueChanged);
    box.setValue(30 * Day);
    QCOMPARE(box.value(), 30 * Day);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.takeFirst().at(0).toLongLong(), 30 * Day);
    QCOMPARE(box.text(), QStringLiteral("30 d"));
    // The arrows step by the unit shown.
    box.stepBy(1);
    QCOMPARE(box.value(), 31 * Day);
    box.setValue(500);
    box.stepBy(-2);
    QCOMPARE(box.value(), Millis(498));
    // Beyond the range is the range's end.
    box.setValue(LongestDurationMs);
    box.stepBy(10);
    QCOMPARE(box.value(), LongestDurationMs);
    // What is typed is the value at once (keyboard tracking), and the text reads back after editing.
    box.findChild<QLineEdit*>()->clear();
    QTest::keyClicks(&box, QStringLiteral("90.5 s"));
    QCOMPARE(box.value(), Millis(90'500));
    // "none" for the minimum, when asked for.
    DurationSpinBox tombstone;
    tombstone.setRange(0, LongestDurationMs);
    tombstone.setSpecialValueText(QStringLiteral("none"));
    QCOMPARE(tombstone.text(), QStringLiteral("none"));
    tombstone.setValue(7 * Day);
    QCOMPARE(tombstone.text(), QStringLiteral("7 d"));
    QCOMPARE(tombstone.valueFromText(QStringLiteral("none")), std::optional<Millis>(0));
}

QTEST_MAIN(TestDuration)
#include "tst_duration.moc"
