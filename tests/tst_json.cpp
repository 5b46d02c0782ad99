// Tests for the strict I-JSON reader (positions, every error kind, limits) and the RFC 8785 writers.
#include "json.h"
#include "jsontext.h"
#include "utf8.h"

#include <QTest>

#include <charconv>
#include <cmath>
#include <ctime>

using namespace iw;

namespace {

QByteArray bytes(const std::string& s)
{
    return QByteArray::fromStdString(s);
}

json::Value parseBytes(const QByteArray& text, const json::ParseOptions& options = {})
{
    return json::parse(std::string_view(text.constData(), std::size_t(text.size())), options);
}

// Follows a '/'-separated path of member names and array indexes ("a/b/1"); "" is the root.
const json::Value* follow(const json::Value& root, const QByteArray& path)
{
    const json::Value* v = &root;
    if (path.isEmpty())
        return v;
    for (const QByteArray& token : path.split('/')) {
        if (v->isArray()) {
            bool ok = false;
            const int index = token.toInt(&ok);
            if (!ok || index < 0 || index >= int(v->array.size()))
                return nullptr;
            v = &v->array[std::size_t(index)];
        } else {
            v = v->find(token.toStdString());
            if (!v)
                return nullptr;
        }
    }
    return v;
}

} // namespace

class TestJson : public QObject {
    Q_OBJECT

private slots:
    void testPositions_data();
    void testPositions();
    void keepText();
    void utf8Cuts();
    void testMemberKeyPosition();
    void testStrings_data();
    void testStrings();
    void testNumbers_data();
    void testNumbers();
    void testLiteralsAndContainers();
    void testErrors_data();
    void testErrors();
    void testDuplicateInLargeObject();
    void testSameNameInDifferentObjects();
    void testDeepNesting_data();
    void testDeepNesting();
    void testMaxDepthOption();
    void testLargeArray();
    void testValueLimit_data();
    void testValueLimit();
    void testAppendString_data();
    void testAppendString();
    void testFormatNumber_data();
    void testFormatNumber();
    void testFormatNumberRejectsNonFinite();
    void testExactInteger_data();
    void testExactInteger();
    void testPretty_data();
    void testPretty();
};

void TestJson::testPositions_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    QTest::newRow("root_after_spaces") << QByteArray("  {\"a\": 1}") << QByteArray() << 1 << 3;
    QTest::newRow("member_value") << QByteArray("{\"a\": 1}") << QByteArray("a") << 1 << 7;
    QTest::newRow("nested_object") << QByteArray("{\"a\": {\"b\": [10, 20]}}") << QByteArray("a") << 1 << 7;
    QTest::newRow("nested_array") << QByteArray("{\"a\": {\"b\": [10, 20]}}") << QByteArray("a/b") << 1 << 13;
    QTest::newRow("nested_array_element") << QByteArray("{\"a\": {\"b\": [10, 20]}}") << QByteArray("a/b/1") << 1 << 18;
    QTest::newRow("after_lf") << QByteArray("{\n  \"a\": [\n    true,\n    null\n  ]\n}") << QByteArray("a/1") << 4
                              << 5;
    QTest::newRow("array_after_lf") << QByteArray("{\n  \"a\": [\n    true\n  ]\n}") << QByteArray("a") << 2 << 8;
    QTest::newRow("after_crlf") << QByteArray("{\r\n  \"a\": [\r\n    true,\r\n    null\r\n  ]\r\n}")
                                << QByteArray("a/1") << 4 << 5;
    QTest::newRow("after_lone_cr") << QByteArray("[1,\r  2]") << QByteArray("1") << 2 << 3;
    QTest::newRow("after_multibyte_utf8") << QByteArray("[\"\u00e9\u20ac\U0001F600\", 5]") << QByteArray("1") << 1 << 9;
    QTest::newRow("multibyte_on_previous_line")
        << QByteArray("[\"\u20ac\u20ac\u20ac\",\n 7]") << QByteArray("1") << 2 << 2;
    QTest::newRow("after_escapes") << QByteArray("[\"\\u00e9\\n\", true]") << QByteArray("1") << 1 << 14;
    QTest::newRow("string_value") << QByteArray("{\"k\":\"v\"}") << QByteArray("k") << 1 << 6;
    QTest::newRow("deep_inside_second_line")
        << QByteArray("[[1],\n [[2, {\"x\": [false]}]]]") << QByteArray("1/0/1/x/0") << 2 << 14;
}

void TestJson::testPositions()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, path);
    QFETCH(int, line);
    QFETCH(int, column);

    const json::Value root = parseBytes(text);
    const json::Value* v = follow(root, path);
    QVERIFY(v);
    QCOMPARE(v->pos.line, line);
    QCOMPARE(v->pos.column, column);
}

void TestJson::testMemberKeyPosition()
{
    const json::Value root = parseBytes("{\"a\": 1,\n \"\u00e9\u00e9\": 2, \"c\": 3}");
    QCOMPARE(root.object.size(), std::size_t(3));
    QCOMPARE(root.object[0].keyPos, (json::Position { 1, 2 }));
    QCOMPARE(root.object[1].keyPos, (json::Position { 2, 2 }));
    QCOMPARE(root.object[2].keyPos, (json::Position { 2, 11 }));
    QCOMPARE(root.object[2].value.pos, (json::Position { 2, 16 }));
    // Members stay in source order.
    QCOMPARE(bytes(root.object[1].key), QByteArray("\u00e9\u00e9"));
}

void TestJson::testStrings_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("decoded");

    QTest::newRow("plain") << QByteArray("\"abc\"") << QByteArray("abc");
    QTest::newRow("empty") << QByteArray("\"\"") << QByteArray();
    QTest::newRow("short_escapes") << QByteArray("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"") << QByteArray("\"\\/\b\f\n\r\t");
    QTest::newRow("unicode_escape_lower") << QByteArray("\"\\u00e9\"") << QByteArray("\xc3\xa9");
    QTest::newRow("unicode_escape_upper") << QByteArray("\"\\u20AC\"") << QByteArray("\xe2\x82\xac");
    QTest::newRow("escaped_nul") << QByteArray("\"a\\u0000b\"") << QByteArray("a\0b", 3);
    QTest::newRow("surrogate_pair_is_U+1F600") << QByteArray("\"\\ud83d\\ude00\"") << QByteArray("\xf0\x9f\x98\x80");
    QTest::newRow("surrogate_pair_upper_hex") << QByteArray("\"\\uD83D\\uDE00!\"") << QByteArray("\xf0\x9f\x98\x80!");
    QTest::newRow("raw_utf8_kept") << QByteArray("\"\u00f6\u20ac\U0001F600\"")
                                   << QByteArray("\xc3\xb6\xe2\x82\xac\xf0\x9f\x98\x80");
    QTest::newRow("largest_code_point") << QByteArray("\"\xf4\x8f\xbf\xbf\"") << QByteArray("\xf4\x8f\xbf\xbf");
    QTest::newRow("del_and_c1_allowed_raw") << QByteArray("\"\x7f\xc2\x80\"") << QByteArray("\x7f\xc2\x80");
}

void TestJson::testStrings()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, decoded);

    const json::Value v = parseBytes(text);
    QVERIFY(v.isString());
    QCOMPARE(bytes(v.string), decoded);
}

void TestJson::testNumbers_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<double>("number");

    QTest::newRow("zero") << QByteArray("0") << 0.0;
    QTest::newRow("negative_fraction_exponent") << QByteArray("-1.50E+2") << -150.0;
    QTest::newRow("small_exponent") << QByteArray("25e-1") << 2.5;
    QTest::newRow("largest_double") << QByteArray("1.7976931348623157e308") << 1.7976931348623157e308;
    QTest::newRow("smallest_subnormal") << QByteArray("5e-324") << 5e-324;
    QTest::newRow("excess_precision_rounds") << QByteArray("3.141592653589793238462643383279") << 3.141592653589793;
    QTest::newRow("long_integer") << QByteArray("12345678901234567890123") << 12345678901234567890123.0;
    QTest::newRow("underflow_rounds_to_zero") << QByteArray("1e-400") << 0.0;
    QTest::newRow("underflow_long_fraction") << QByteArray("0.00000000001e-320") << 0.0;
    QTest::newRow("zero_with_huge_exponent") << QByteArray("0e99999") << 0.0;
}

void TestJson::testNumbers()
{
    QFETCH(QByteArray, text);
    QFETCH(double, number);

    const json::Value v = parseBytes(text);
    QVERIFY(v.isNumber());
    QCOMPARE(v.number, number);
    QCOMPARE(bytes(v.numberText), text);
}

void TestJson::testLiteralsAndContainers()
{
    const json::Value v = parseBytes(" {\"t\": true, \"f\": false, \"n\": null, \"a\": [], \"o\": {}} ");
    QVERIFY(v.isObject());
    QCOMPARE(v.object.size(), std::size_t(5));
    QVERIFY(v.find("t")->isBool() && v.find("t")->boolean);
    QVERIFY(v.find("f")->isBool() && !v.find("f")->boolean);
    QVERIFY(v.find("n")->isNull());
    QVERIFY(v.find("a")->isArray() && v.find("a")->array.empty());
    QVERIFY(v.find("o")->isObject() && v.find("o")->object.empty());
    QVERIFY(!v.find("missing"));
    QVERIFY(!v.find("t")->find("x")); // find on a non-object is simply absent
    QCOMPARE(json::Value::typeName(json::Type::Bool), "boolean");
    QCOMPARE(v.find("o")->typeName(), "object");
    QCOMPARE(parseBytes("-0").number, 0.0);
    QVERIFY(std::signbit(parseBytes("-1e-400").number)); // underflow keeps its sign, like -0
}

void TestJson::testErrors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    // grammar
    QTest::newRow("object_missing_comma")
        << QByteArray("{\"a\": 1 \"b\": 2}") << QByteArray("expected ',' or '}' after object member") << 1 << 9;
    QTest::newRow("array_missing_comma") << QByteArray("[1 2]") << QByteArray("expected ',' or ']' after array element")
                                         << 1 << 4;
    QTest::newRow("missing_colon") << QByteArray("{\"a\" 1}") << QByteArray("expected ':' after member name") << 1 << 6;
    QTest::newRow("trailing_comma_in_array") << QByteArray("[1,]") << QByteArray("trailing comma before ']'") << 1 << 4;
    QTest::newRow("trailing_comma_in_object")
        << QByteArray("{\"a\":1,\n}") << QByteArray("trailing comma before '}'") << 2 << 1;
    QTest::newRow("unquoted_member_name")
        << QByteArray("{a:1}") << QByteArray("expected a member name string or '}'") << 1 << 2;
    QTest::newRow("number_as_member_name")
        << QByteArray("{\"a\":1,2:3}") << QByteArray("expected a member name string") << 1 << 8;
    QTest::newRow("missing_member_value") << QByteArray("{\"a\": }") << QByteArray("expected a value") << 1 << 7;
    QTest::newRow("end_inside_array") << QByteArray("[1,") << QByteArray("unexpected end of input") << 1 << 4;
    QTest::newRow("end_inside_object") << QByteArray("{\n  \"a\": 1") << QByteArray("unexpected end of input") << 2
                                       << 9;
    QTest::newRow("end_after_colon") << QByteArray("{\"a\":") << QByteArray("unexpected end of input") << 1 << 6;
    QTest::newRow("end_after_open_brace") << QByteArray("{") << QByteArray("unexpected end of input") << 1 << 2;
    QTest::newRow("empty_input") << QByteArray() << QByteArray("the input contains no JSON value") << 1 << 1;
    QTest::newRow("whitespace_only") << QByteArray("  \n ") << QByteArray("the input contains no JSON value") << 2 << 2;
    QTest::newRow("content_after_value") << QByteArray("{} x") << QByteArray("unexpected content after the JSON value")
                                         << 1 << 4;
    QTest::newRow("two_values") << QByteArray("1\n2") << QByteArray("unexpected content after the JSON value") << 2
                                << 1;
    QTest::newRow("truncated_literal") << QByteArray("[tru]") << QByteArray("expected the literal true") << 1 << 2;
    QTest::newRow("truncated_null_at_end") << QByteArray("nul") << QByteArray("expected the literal null") << 1 << 1;
    QTest::newRow("capitalised_literal") << QByteArray("[True]") << QByteArray("expected a value") << 1 << 2;
    QTest::newRow("single_quotes") << QByteArray("['a']") << QByteArray("expected a value") << 1 << 2;
    QTest::newRow("non_ascii_outside_string") << QByteArray("[\u00e9]") << QByteArray("expected a value") << 1 << 2;
    QTest::newRow("byte_order_mark") << QByteArray("\xef\xbb\xbf{}")
                                     << QByteArray("byte order mark (U+FEFF) at the start of the input is not allowed")
                                     << 1 << 1;
    QTest::newRow("column_after_multibyte")
        << QByteArray("[\"\u00e9\U0001F600\", x]") << QByteArray("expected a value") << 1 << 8;
    QTest::newRow("line_after_crlf") << QByteArray("{\r\n\"a\": tru\r\n}") << QByteArray("expected the literal true")
                                     << 2 << 6;
    QTest::newRow("line_after_lone_cr") << QByteArray("[\r1,\rx]") << QByteArray("expected a value") << 3 << 1;

    // numbers
    QTest::newRow("leading_zero") << QByteArray("[01]") << QByteArray("leading zeros are not allowed in numbers") << 1
                                  << 2;
    QTest::newRow("minus_without_digit") << QByteArray("[-]") << QByteArray("expected a digit after '-'") << 1 << 3;
    QTest::newRow("minus_at_end") << QByteArray("-") << QByteArray("expected a digit after '-'") << 1 << 2;
    QTest::newRow("plus_sign") << QByteArray("[+1]") << QByteArray("expected a value") << 1 << 2;
    QTest::newRow("leading_dot") << QByteArray("[.5]") << QByteArray("expected a value") << 1 << 2;
    QTest::newRow("trailing_dot") << QByteArray("[1.]") << QByteArray("expected a digit after the decimal point") << 1
                                  << 4;
    QTest::newRow("empty_exponent") << QByteArray("[1e+]") << QByteArray("expected a digit in the exponent") << 1 << 5;
    QTest::newRow("nan") << QByteArray("[NaN]") << QByteArray("expected a value") << 1 << 2;
    QTest::newRow("infinity") << QByteArray("[-Infinity]") << QByteArray("expected a digit after '-'") << 1 << 3;
    QTest::newRow("hex_number") << QByteArray("[0x10]") << QByteArray("expected ',' or ']' after array element") << 1
                                << 3;
    QTest::newRow("overflow") << QByteArray("{\"n\": 1e400}")
                              << QByteArray("number 1e400 is outside the range of a double") << 1 << 7;
    QTest::newRow("negative_overflow") << QByteArray("[-1.8e308]")
                                       << QByteArray("number -1.8e308 is outside the range of a double") << 1 << 2;
    QTest::newRow("overflow_without_exponent")
        << QByteArray("[" + QByteArray(400, '9') + "]")
        << QByteArray("number " + QByteArray(40, '9') + "... is outside the range of a double") << 1 << 2;
    QTest::newRow("overflow_small_mantissa")
        << QByteArray("0.000001e315") << QByteArray("number 0.000001e315 is outside the range of a double") << 1 << 1;

    // duplicate names
    QTest::newRow("duplicate_member") << QByteArray("{\"a\":1,\"b\":2,\"a\":3}")
                                      << QByteArray("duplicate member name \"a\"") << 1 << 14;
    QTest::newRow("duplicate_spelled_with_escape")
        << QByteArray("{\"a\":1,\n \"\\u0061\":2}") << QByteArray("duplicate member name \"a\"") << 2 << 2;
    const QByteArray longName = QByteArray(39, 'a') + "\u00e9\u00e9"; // shortened on a character boundary
    QTest::newRow("duplicate_long_name_shortened")
        << QByteArray("{\"" + longName + "\":1,\"" + longName + "\":2}")
        << QByteArray("duplicate member name \"" + QByteArray(39, 'a') + "...\"") << 1 << 48;
    QTest::newRow("duplicate_in_nested_object")
        << QByteArray("[{\"x\":{\"k\":1,\"k\":{}}}]") << QByteArray("duplicate member name \"k\"") << 1 << 14;

    // strings and escapes
    QTest::newRow("lone_high_surrogate") << QByteArray("\"\\ud800\"") << QByteArray("lone surrogate \\ud800 in string")
                                         << 1 << 2;
    QTest::newRow("lone_low_surrogate") << QByteArray("\"\\udc00x\"") << QByteArray("lone surrogate \\udc00 in string")
                                        << 1 << 2;
    QTest::newRow("high_surrogate_then_bmp_escape")
        << QByteArray("[\"ab\\uD800\\u0041\"]") << QByteArray("lone surrogate \\uD800 in string") << 1 << 5;
    QTest::newRow("high_surrogate_at_end_of_string")
        << QByteArray("\"\\ud83d\"") << QByteArray("lone surrogate \\ud83d in string") << 1 << 2;
    QTest::newRow("reversed_surrogate_pair")
        << QByteArray("\"\\ude00\\ud83d\"") << QByteArray("lone surrogate \\ude00 in string") << 1 << 2;
    QTest::newRow("invalid_escape") << QByteArray("\"a\\x\"") << QByteArray("invalid escape \\x in string") << 1 << 3;
    QTest::newRow("short_unicode_escape")
        << QByteArray("\"\\u12\"") << QByteArray("invalid \\u escape: expected four hex digits") << 1 << 2;
    QTest::newRow("raw_tab_in_string") << QByteArray("\"a\tb\"")
                                       << QByteArray("control character U+0009 must be escaped in a string") << 1 << 3;
    QTest::newRow("raw_line_break_in_string")
        << QByteArray("[\"ab\ncd\"]") << QByteArray("line break inside a string (write it as \\n)") << 1 << 5;
    QTest::newRow("unterminated_string") << QByteArray("[1, \"abc") << QByteArray("unterminated string") << 1 << 5;
    QTest::newRow("unterminated_after_backslash") << QByteArray("\"\\") << QByteArray("unterminated string") << 1 << 1;

    // UTF-8
    QTest::newRow("invalid_byte_0xff") << QByteArray("\"a\xff"
                                                     "b\"")
                                       << QByteArray("invalid UTF-8 byte 0xff") << 1 << 3;
    QTest::newRow("stray_continuation_byte")
        << QByteArray("\"\x80\"") << QByteArray("invalid UTF-8 byte 0x80") << 1 << 2;
    QTest::newRow("overlong_two_bytes") << QByteArray("\"\xc0\xaf\"")
                                        << QByteArray("invalid UTF-8: overlong encoding of U+002F") << 1 << 2;
    QTest::newRow("overlong_three_bytes")
        << QByteArray("\"\xe0\x80\xaf\"") << QByteArray("invalid UTF-8: overlong encoding of U+002F") << 1 << 2;
    QTest::newRow("overlong_four_bytes") << QByteArray("\"\xf0\x82\x82\xac\"")
                                         << QByteArray("invalid UTF-8: overlong encoding of U+20AC") << 1 << 2;
    QTest::newRow("truncated_sequence") << QByteArray("\"\xe2\x82\"")
                                        << QByteArray("invalid UTF-8: truncated sequence starting with byte 0xe2") << 1
                                        << 2;
    QTest::newRow("truncated_at_end_of_input")
        << QByteArray("\"ab\xf0\x9f\x98") << QByteArray("invalid UTF-8: truncated sequence starting with byte 0xf0")
        << 1 << 4;
    QTest::newRow("encoded_surrogate") << QByteArray("\"\xed\xa0\x80\"")
                                       << QByteArray("invalid UTF-8: encoded surrogate U+D800") << 1 << 2;
    QTest::newRow("beyond_U+10FFFF") << QByteArray("\"\xf4\x90\x80\x80\"")
                                     << QByteArray("invalid UTF-8: code point U+110000 is beyond U+10FFFF") << 1 << 2;
    QTest::newRow("invalid_utf8_outside_string")
        << QByteArray("[1, \xff]") << QByteArray("invalid UTF-8 byte 0xff") << 1 << 5;
    QTest::newRow("invalid_utf8_in_member_name")
        << QByteArray("{\"ok\": 1,\n  \"\xc3\":2}")
        << QByteArray("invalid UTF-8: truncated sequence starting with byte 0xc3") << 2 << 4;
    QTest::newRow("invalid_utf8_after_valid_multibyte")
        << QByteArray("\"\u00e9\u20ac\xfe\"") << QByteArray("invalid UTF-8 byte 0xfe") << 1 << 4;
}

void TestJson::testErrors()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, message);
    QFETCH(int, line);
    QFETCH(int, column);

    try {
        parseBytes(text);
        QFAIL("parse accepted invalid input");
    } catch (const json::ParseError& e) {
        QCOMPARE(QByteArray(e.what()), message);
        QCOMPARE(e.position().line, line);
        QCOMPARE(e.position().column, column);
    }
}

void TestJson::testDuplicateInLargeObject()
{
    // Past the size where the duplicate check switches from a scan to a hash index.
    QByteArray text = "{";
    for (int i = 0; i < 200; ++i)
        text += "\"k" + QByteArray::number(i) + "\":" + QByteArray::number(i) + ",";
    QVERIFY(parseBytes(text + "\"last\":0}").object.size() == 201);
    const int column = int(text.size()) + 1;
    try {
        parseBytes(text + "\"k137\":0}");
        QFAIL("duplicate accepted");
    } catch (const json::ParseError& e) {
        QCOMPARE(QByteArray(e.what()), QByteArray("duplicate member name \"k137\""));
        QCOMPARE(e.position().column, column);
    }
}

void TestJson::testSameNameInDifferentObjects()
{
    const json::Value v = parseBytes("{\"a\": {\"a\": {\"a\": 1}}, \"b\": [{\"a\": 1}, {\"a\": 2}]}");
    QCOMPARE(v.find("a")->find("a")->find("a")->number, 1.0);
    QCOMPARE(v.find("b")->array[1].find("a")->number, 2.0);
}

void TestJson::testDeepNesting_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("column");

    QTest::newRow("100000_open_brackets") << QByteArray(100000, '[') << 1001;
    QByteArray objects;
    for (int i = 0; i < 100000; ++i)
        objects += "{\"a\":";
    QTest::newRow("100000_open_objects") << objects << 1000 * 5 + 1;
    QTest::newRow("1001_balanced_brackets") << QByteArray(1001, '[') + QByteArray(1001, ']') << 1001;
}

void TestJson::testDeepNesting()
{
    QFETCH(QByteArray, text);
    QFETCH(int, column);

    try {
        parseBytes(text);
        QFAIL("nesting beyond the limit accepted");
    } catch (const json::ParseError& e) {
        QCOMPARE(QByteArray(e.what()), QByteArray("nesting deeper than 1000 levels"));
        QCOMPARE(e.position(), (json::Position { 1, column }));
    }
}

void TestJson::testMaxDepthOption()
{
    // Exactly at the limit parses.
    const json::Value deep = parseBytes(QByteArray(1000, '[') + QByteArray(1000, ']'));
    QVERIFY(deep.isArray());

    json::ParseOptions options;
    options.maxDepth = 2;
    QVERIFY(parseBytes("[{\"a\": 1}]", options).isArray());
    try {
        parseBytes("[{\"a\": []}]", options);
        QFAIL("nesting beyond maxDepth accepted");
    } catch (const json::ParseError& e) {
        QCOMPARE(QByteArray(e.what()), QByteArray("nesting deeper than 2 levels"));
        QCOMPARE(e.position(), (json::Position { 1, 8 }));
    }
}

void TestJson::testValueLimit_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("column"); // of the first value past the limit; 0: the document is read
    // Third round, finding 17: every value read costs about 140 bytes, and the pre-scan let a 30-million-element
    // array reserve all of them at once (4 GB): fingerprint and inspect --mapping aborted. With a limit of 5 values:
    QTest::newRow("five numbers") << QByteArray("[0,0,0,0]") << 0; // the array and four numbers
    QTest::newRow("six numbers") << QByteArray("[0,0,0,0,0]") << 10;
    QTest::newRow("members count with their values") << QByteArray(R"({"a":{"b":[1,2,3]}})") << 16;
    QTest::newRow("empty containers count") << QByteArray("[[],[],{},[],[]]") << 14;
}

void TestJson::testValueLimit()
{
    QFETCH(QByteArray, text);
    QFETCH(int, column);
    json::ParseOptions options;
    options.maxValues = 5;
    try {
        json::parse(std::string_view(text.constData(), std::size_t(text.size())), options);
        QVERIFY2(column == 0, "read, but it holds more values than the limit");
    } catch (const json::ParseError& e) {
        QVERIFY2(column != 0, e.what());
        QCOMPARE(QString::fromUtf8(e.what()),
            QStringLiteral("more than 5 values in one document, the most this reader takes"));
        QCOMPARE(e.position().line, 1);
        QCOMPARE(e.position().column, column);
    }
}

void TestJson::testLargeArray()
{
    // 50 MB of measurements on one line: column tracking must stay linear and values cheap.
    constexpr std::size_t target = 50u * 1024 * 1024;
    std::string text;
    text.reserve(target + 64);
    text += '[';
    std::size_t count = 0;
    char buf[32];
    while (text.size() < target) {
        if (count)
            text += ',';
        const auto r = std::to_chars(buf, buf + sizeof buf, double(count) * 1.1 - 1e5);
        text.append(buf, r.ptr);
        ++count;
    }
    text += ']';

    // CPU time, so a busy machine does not fail the test; a quadratic parser would take hours here.
    const std::clock_t start = std::clock();
    const json::Value v = json::parse(text);
    const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
    qInfo("parsed %zu bytes, %zu numbers in %.2f s of CPU", text.size(), count, seconds);
    QVERIFY2(seconds < 60, "parsing 50 MB took over a minute");
    QCOMPARE(v.array.size(), count);
    QCOMPARE(v.array.back().number, double(count - 1) * 1.1 - 1e5);
    // The last element's column counts every byte before it (all ASCII).
    QCOMPARE(v.array.back().pos.column, int(text.size() - v.array.back().numberText.size()));
}

void TestJson::testAppendString_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("quoted");

    QTest::newRow("plain") << QByteArray("abc") << QByteArray("\"abc\"");
    QTest::newRow("empty") << QByteArray() << QByteArray("\"\"");
    QTest::newRow("quote_and_backslash") << QByteArray("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
    QTest::newRow("short_escapes") << QByteArray("\b\f\n\r\t") << QByteArray("\"\\b\\f\\n\\r\\t\"");
    QTest::newRow("other_controls_lower_hex")
        << QByteArray("\x01\x0f\x1f", 3) << QByteArray("\"\\u0001\\u000f\\u001f\"");
    QTest::newRow("nul") << QByteArray("\0", 1) << QByteArray("\"\\u0000\"");
    QTest::newRow("slash_not_escaped") << QByteArray("a/b") << QByteArray("\"a/b\"");
    QTest::newRow("del_and_non_ascii_raw")
        << QByteArray("\x7f\u00e9\u2028\U0001F600") << QByteArray("\"\x7f\u00e9\u2028\U0001F600\"");
}

void TestJson::testAppendString()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, quoted);

    std::string out = "prefix:";
    json::appendString(out, std::string_view(input.constData(), std::size_t(input.size())));
    QCOMPARE(bytes(out), "prefix:" + quoted);
    // What we write, we read back.
    QCOMPARE(bytes(parseBytes(quoted).string), input);
}

void TestJson::testFormatNumber_data()
{
    QTest::addColumn<double>("number");
    QTest::addColumn<QByteArray>("text");

    QTest::newRow("one") << 1.0 << QByteArray("1");
    QTest::newRow("minus_zero") << -0.0 << QByteArray("0");
    QTest::newRow("one_tenth") << 0.1 << QByteArray("0.1");
    QTest::newRow("hundred") << 100.0 << QByteArray("100");
    QTest::newRow("fraction") << -1234.5678 << QByteArray("-1234.5678");
    QTest::newRow("1e20_in_full") << 1e20 << QByteArray("100000000000000000000");
    QTest::newRow("1e21_exponent") << 1e21 << QByteArray("1e+21");
    QTest::newRow("1.5e300") << 1.5e300 << QByteArray("1.5e+300");
    QTest::newRow("1e-6_in_full") << 1e-6 << QByteArray("0.000001");
    QTest::newRow("1e-7_exponent") << 1e-7 << QByteArray("1e-7");
    QTest::newRow("1.23e-18") << 123e-20 << QByteArray("1.23e-18");
    QTest::newRow("2_pow_53") << 9007199254740992.0 << QByteArray("9007199254740992");
}

void TestJson::testFormatNumber()
{
    QFETCH(double, number);
    QFETCH(QByteArray, text);

    QCOMPARE(bytes(json::formatNumber(number)), text);
}

void TestJson::testFormatNumberRejectsNonFinite()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, json::formatNumber(std::nan("")));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, json::formatNumber(HUGE_VAL));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, json::formatNumber(-HUGE_VAL));
}

void TestJson::testExactInteger_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("kind"); // 0 integer, 1 not an integer, 2 out of range
    QTest::addColumn<qint64>("value");
    // docs/reference/scenario.md fine point 22: the literal text decides, not the double it rounds to.
    QTest::newRow("zero") << QByteArray("0") << 0 << qint64(0);
    QTest::newRow("minus_zero") << QByteArray("-0") << 0 << qint64(0);
    QTest::newRow("one_point_zero") << QByteArray("1.0") << 0 << qint64(1);
    QTest::newRow("exponent") << QByteArray("1.5e3") << 0 << qint64(1500);
    QTest::newRow("zero_tiny_exponent") << QByteArray("0e-400") << 0 << qint64(0);
    QTest::newRow("trailing_zeros_negative_exponent") << QByteArray("1200e-2") << 0 << qint64(12);
    QTest::newRow("almost_one") << QByteArray("0.99999999999999999") << 1 << qint64(0);
    QTest::newRow("half") << QByteArray("0.5") << 1 << qint64(0);
    QTest::newRow("tiny") << QByteArray("1e-400") << 1 << qint64(0);
    QTest::newRow("fraction_by_exponent") << QByteArray("123e-2") << 1 << qint64(0);
    QTest::newRow("2_pow_53") << QByteArray("9007199254740992") << 0 << qint64(9007199254740992);
    QTest::newRow("minus_2_pow_53") << QByteArray("-9007199254740992") << 0 << qint64(-9007199254740992);
    QTest::newRow("2_pow_53_plus_1") << QByteArray("9007199254740993") << 2 << qint64(0);
    QTest::newRow("minus_2_pow_53_minus_1") << QByteArray("-9007199254740993") << 2 << qint64(0);
    QTest::newRow("1e300") << QByteArray("1e300") << 2 << qint64(0);
    QTest::newRow("leading_zeros_in_exponent") << QByteArray("7E+0002") << 0 << qint64(700);
}

void TestJson::testExactInteger()
{
    QFETCH(QByteArray, text);
    QFETCH(int, kind);
    QFETCH(qint64, value);
    const json::ExactInteger e = json::exactInteger(json::parse(text.toStdString()));
    QCOMPARE(static_cast<int>(e.kind), kind);
    if (kind == 0)
        QCOMPARE(qint64(e.value), value);
}

void TestJson::testPretty_data()
{
    // The one pretty-printer a saved scenario and the payload editor share (json::appendPretty).
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("breakDepth");
    QTest::addColumn<int>("breakArrayDepth");
    QTest::addColumn<QString>("expected");
    QTest::newRow("fits_on_a_line_with_spaces")
        << R"({"amount":100,"currency":"EUR"})" << 72 << 0 << 0 << R"({"amount": 100, "currency": "EUR"})";
    QTest::newRow("numbers_as_written") << R"([1.50, 1e3, -0])" << 72 << 0 << 0 << R"([1.50, 1e3, -0])";
    QTest::newRow("too_wide_breaks_where_needed")
        << R"({"amount": 1.50, "items": [{"sku": "x"}]})" << 20 << 0 << 0
        << "{\n  \"amount\": 1.50,\n  \"items\": [\n    {\"sku\": \"x\"}\n  ]\n}";
    QTest::newRow("document_and_its_lists_break") << R"({"a": [1, 2], "b": {"c": 1}})" << 100 << 1 << 2
                                                  << "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {\"c\": 1}\n}";
    QTest::newRow("empty_containers_never_break")
        << R"({"a": [], "b": {}})" << 100 << 1 << 2 << "{\n  \"a\": [],\n  \"b\": {}\n}";
    QTest::newRow("a_scalar_alone") << R"("x")" << 1 << 1 << 1 << R"("x")";
}

void TestJson::testPretty()
{
    QFETCH(QString, input);
    QFETCH(int, width);
    QFETCH(int, breakDepth);
    QFETCH(int, breakArrayDepth);
    QFETCH(QString, expected);
    std::string out;
    json::appendPretty(out, json::parse(input.toStdString()),
        { .width = std::size_t(width), .breakDepth = breakDepth, .breakArrayDepth = breakArrayDepth });
    QCOMPARE(QString::fromStdString(out), expected);
}

// Values kept as text (a scenario's large payloads): only at the named place and past the size; read in full, so an
// error inside one is reported at its line and column as without; built() gives the tree parse() gives.
// Messages cut long values at a byte limit and say how many characters the whole had: a cut never ends inside a
// character, whatever limit it is given.
void TestJson::utf8Cuts()
{
    const std::string text = "a\u00e9\u20ac\U0001F600z"; // 1, 2, 3, 4 and 1 bytes
    QCOMPARE(iw::utf8::codePoints(text), std::size_t { 5 });
    QCOMPARE(iw::utf8::codePoints(""), std::size_t { 0 });
    const std::size_t ends[] = { 0, 1, 3, 6, 10, 11 }; // where each character ends
    for (std::size_t limit = 0; limit <= text.size() + 2; ++limit) {
        const std::string_view cut = iw::utf8::prefixBytes(text, limit);
        std::size_t expected = 0;
        for (const std::size_t end : ends)
            if (end <= limit)
                expected = end;
        QCOMPARE(cut.size(), expected);
    }
    for (std::size_t count = 0; count <= 6; ++count)
        QCOMPARE(iw::utf8::prefixCodePoints(text, count).size(), ends[std::min<std::size_t>(count, 5)]);
}

void TestJson::keepText()
{
    const json::KeepText keep { "requests", "payload", 10 };
    const std::string text = "{\"payload\": [1, 2, 3, 4, 5, 6],\n \"requests\": [{\"payload\": {\"a\": [1, 2, 3, 4]}},"
                             " {\"payload\": [1]}, {\"other\": [1, 2, 3, 4, 5, 6]}, {\"payload\": \"a long string\"}]}";
    const json::Value kept = json::parse(text, {}, keep);
    const json::Value plain = json::parse(text);
    QVERIFY(!json::isTextOnly(*kept.find("payload"))); // not under requests
    const auto& requests = kept.find("requests")->array;
    QVERIFY(json::isTextOnly(*requests[0].find("payload")));
    QCOMPARE(QString::fromStdString(requests[0].find("payload")->string), QStringLiteral("{\"a\": [1, 2, 3, 4]}"));
    QCOMPARE(requests[0].find("payload")->pos, plain.find("requests")->array[0].find("payload")->pos);
    QCOMPARE(requests[0].find("payload")->pos.line, 2);
    QVERIFY(!json::isTextOnly(*requests[1].find("payload"))); // shorter than minBytes
    QVERIFY(!json::isTextOnly(*requests[2].find("other")));
    QVERIFY(!json::isTextOnly(*requests[3].find("payload"))); // a string is no container
    json::Value tree;
    const json::Value& built = json::built(*requests[0].find("payload"), tree);
    QCOMPARE(&built, &tree);
    QCOMPARE(built.find("a")->array.size(), plain.find("requests")->array[0].find("payload")->find("a")->array.size());
    const json::Value& same = json::built(*requests[1].find("payload"), tree);
    QCOMPARE(&same, requests[1].find("payload"));

    // Errors inside a kept value: where they are, as without keeping.
    for (const std::string& bad : { std::string("{\"requests\": [{\"payload\": {\"a\": 1, \"a\": 2, \"pad\": 0}}]}"),
             std::string("{\"requests\": [{\"payload\": [1, 2, 3, 4,\n 5, 01]}]}") }) {
        std::string plainError;
        json::Position plainPos;
        try {
            json::parse(bad);
        } catch (const json::ParseError& e) {
            plainError = e.what();
            plainPos = e.position();
        }
        QVERIFY(!plainError.empty());
        try {
            json::parse(bad, {}, keep);
            QFAIL("accepted");
        } catch (const json::ParseError& e) {
            QCOMPARE(QString::fromUtf8(e.what()), QString::fromStdString(plainError));
            QCOMPARE(e.position(), plainPos);
        }
    }
}

QTEST_GUILESS_MAIN(TestJson)
#include "tst_json.moc"
