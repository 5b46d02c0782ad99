// Tests for payload fingerprints: RFC 8785's published examples, pointer selection, SHA-256 and the
// `fingerprint` command's output and errors.
#include "fingerprint.h"
#include "fingerprintcommand.h"
#include "json.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cmath>
#include <cstdio>
#include <unistd.h>

using namespace iw;

namespace {

QByteArray bytes(const std::string& s)
{
    return QByteArray::fromStdString(s);
}

json::Value parseBytes(const QByteArray& text)
{
    return json::parse(std::string_view(text.constData(), std::size_t(text.size())));
}

std::vector<std::string> toStd(const QStringList& list)
{
    std::vector<std::string> out;
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

struct CommandResult {
    int exitCode = -1;
    QString out;
    QString err;
};

CommandResult runCommand(const QStringList& args)
{
    CommandResult r;
    QTextStream out(&r.out);
    QTextStream err(&r.err);
    r.exitCode = runFingerprintCommand(args, out, err);
    return r;
}

// Writes a payload file in dir and returns its path.
QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
        qFatal("cannot write the test payload");
    return path;
}

} // namespace

class TestFingerprint : public QObject {
    Q_OBJECT

private slots:
    void testRfc8785NumberTable_data();
    void testRfc8785NumberTable();
    void testNonFiniteNumbersAreRejected();
    void testNumbersThroughParser_data();
    void testNumbersThroughParser();
    void testRfc8785StringAndNumberExample();
    void testRfc8785SortingExample();
    void testEquivalentPayloads_data();
    void testEquivalentPayloads();
    void testSelection_data();
    void testSelection();
    void testMalformedPointers_data();
    void testMalformedPointers();
    void testPointerTokens_data();
    void testPointerTokens();
    void testSha256_data();
    void testSha256();
    void testFingerprintOf();
    void testOrderedForm();
    void testCommandPlainOutput();
    void testCommandJsonOutput();
    void testCommandSelection_data();
    void testCommandSelection();
    void testCommandErrors_data();
    void testCommandErrors();
    void testCommandUnreadableFile();
    void testCommandReadsStdin();
};

void TestFingerprint::testRfc8785NumberTable_data()
{
    QTest::addColumn<quint64>("bits");
    QTest::addColumn<QByteArray>("text");

    // RFC 8785 Appendix B: IEEE-754 bit patterns and their required serialisation.
    QTest::newRow("zero") << Q_UINT64_C(0x0000000000000000) << QByteArray("0");
    QTest::newRow("minus_zero") << Q_UINT64_C(0x8000000000000000) << QByteArray("0");
    QTest::newRow("min_pos_number") << Q_UINT64_C(0x0000000000000001) << QByteArray("5e-324");
    QTest::newRow("min_neg_number") << Q_UINT64_C(0x8000000000000001) << QByteArray("-5e-324");
    QTest::newRow("max_pos_number") << Q_UINT64_C(0x7fefffffffffffff) << QByteArray("1.7976931348623157e+308");
    QTest::newRow("max_neg_number") << Q_UINT64_C(0xffefffffffffffff) << QByteArray("-1.7976931348623157e+308");
    QTest::newRow("max_pos_int") << Q_UINT64_C(0x4340000000000000) << QByteArray("9007199254740992");
    QTest::newRow("max_neg_int") << Q_UINT64_C(0xc340000000000000) << QByteArray("-9007199254740992");
    QTest::newRow("about_2_pow_68") << Q_UINT64_C(0x4430000000000000) << QByteArray("295147905179352830000");
    QTest::newRow("below_1e23") << Q_UINT64_C(0x44b52d02c7e14af5) << QByteArray("9.999999999999997e+22");
    QTest::newRow("exactly_1e23") << Q_UINT64_C(0x44b52d02c7e14af6) << QByteArray("1e+23");
    QTest::newRow("above_1e23") << Q_UINT64_C(0x44b52d02c7e14af7) << QByteArray("1.0000000000000001e+23");
    QTest::newRow("below_1e21_a") << Q_UINT64_C(0x444b1ae4d6e2ef4e) << QByteArray("999999999999999700000");
    QTest::newRow("below_1e21_b") << Q_UINT64_C(0x444b1ae4d6e2ef4f) << QByteArray("999999999999999900000");
    QTest::newRow("exactly_1e21") << Q_UINT64_C(0x444b1ae4d6e2ef50) << QByteArray("1e+21");
    QTest::newRow("below_1e-6") << Q_UINT64_C(0x3eb0c6f7a0b5ed8c) << QByteArray("9.999999999999997e-7");
    QTest::newRow("exactly_1e-6") << Q_UINT64_C(0x3eb0c6f7a0b5ed8d) << QByteArray("0.000001");
    QTest::newRow("third_a") << Q_UINT64_C(0x41b3de4355555553) << QByteArray("333333333.3333332");
    QTest::newRow("third_b") << Q_UINT64_C(0x41b3de4355555554) << QByteArray("333333333.33333325");
    QTest::newRow("third_c") << Q_UINT64_C(0x41b3de4355555555) << QByteArray("333333333.3333333");
    QTest::newRow("third_d") << Q_UINT64_C(0x41b3de4355555556) << QByteArray("333333333.3333334");
    QTest::newRow("third_e") << Q_UINT64_C(0x41b3de4355555557) << QByteArray("333333333.33333343");
    QTest::newRow("small_negative") << Q_UINT64_C(0xbecbf647612f3696) << QByteArray("-0.0000033333333333333333");
    QTest::newRow("large_fraction") << Q_UINT64_C(0x43143ff3c1cb0959) << QByteArray("1424953923781206.2");
}

void TestFingerprint::testRfc8785NumberTable()
{
    QFETCH(quint64, bits);
    QFETCH(QByteArray, text);

    const double d = std::bit_cast<double>(bits);
    QCOMPARE(bytes(json::formatNumber(d)), text);
    QCOMPARE(bytes(canonicalJson(json::Value::makeNumber(d))), text);
    // The serialisation reads back as the same double (-0 aside, which JCS writes as 0).
    if (d != 0)
        QCOMPARE(std::bit_cast<quint64>(parseBytes(text).number), bits);
}

void TestFingerprint::testNonFiniteNumbersAreRejected()
{
    // RFC 8785 Appendix B: NaN (0x7fffffffffffffff) and Infinity (0x7ff0000000000000) must be errors.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
        canonicalJson(json::Value::makeNumber(std::bit_cast<double>(Q_UINT64_C(0x7fffffffffffffff)))));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
        canonicalJson(json::Value::makeNumber(std::bit_cast<double>(Q_UINT64_C(0x7ff0000000000000)))));
}

void TestFingerprint::testNumbersThroughParser_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("canonical");

    QTest::newRow("exponent_upper_case") << QByteArray("1E30") << QByteArray("1e+30");
    QTest::newRow("trailing_zeros") << QByteArray("4.50") << QByteArray("4.5");
    QTest::newRow("minus_zero") << QByteArray("-0") << QByteArray("0");
    QTest::newRow("minus_zero_with_exponent") << QByteArray("-0.0e5") << QByteArray("0");
    QTest::newRow("integer_written_as_fraction") << QByteArray("100e-2") << QByteArray("1");
    QTest::newRow("beyond_2_pow_53_rounds") << QByteArray("9007199254740993") << QByteArray("9007199254740992");
    QTest::newRow("long_integer") << QByteArray("123456789012345678901234") << QByteArray("1.2345678901234569e+23");
    QTest::newRow("underflow_is_zero") << QByteArray("-1e-400") << QByteArray("0");
    QTest::newRow("small_fraction") << QByteArray("0.0000001") << QByteArray("1e-7");
}

void TestFingerprint::testNumbersThroughParser()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, canonical);

    QCOMPARE(bytes(canonicalJson(parseBytes(text))), canonical);
}

void TestFingerprint::testRfc8785StringAndNumberExample()
{
    // RFC 8785 §3.2.2, input and expected output verbatim.
    const QByteArray input = R"({
  "numbers": [333333333.33333329, 1E30, 4.50,
              2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
})";
    const QByteArray expected = R"({"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],)"
                                R"("string":")"
                                "\u20ac"
                                R"($\u000f\nA'B\"\\\\\"/"})";
    QCOMPARE(bytes(canonicalJson(parseBytes(input))), expected);
}

void TestFingerprint::testRfc8785SortingExample()
{
    // RFC 8785 §3.2.3: members sort by UTF-16 code units, so U+1F600 (D83D DE00) comes before U+FB33.
    const QByteArray input = R"({
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\ud83d\ude00": "Emoji: Grinning Face",
  "\u0080": "Control",
  "\u00f6": "Latin Small Letter O With Diaeresis"
})";
    const QByteArray expected
        = "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\","
          "\"\u00f6\":\"Latin Small Letter O With Diaeresis\",\"\u20ac\":\"Euro Sign\","
          "\"\U0001F600\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}";
    QCOMPARE(bytes(canonicalJson(parseBytes(input))), expected);
}

void TestFingerprint::testEquivalentPayloads_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<bool>("same");

    QTest::newRow("whitespace_and_member_order") << QByteArray("{\"amount\":100,\"currency\":\"EUR\",\"tags\":[1,2]}")
                                                 << QByteArray("{\n  \"tags\" : [ 1 , 2 ],\r\n\t\"currency\": \"EUR\","
                                                               " \"amount\" : 100 }")
                                                 << true;
    QTest::newRow("nested_member_order") << QByteArray("{\"x\":{\"b\":1,\"a\":{\"d\":0,\"c\":[]}}}")
                                         << QByteArray("{\"x\":{\"a\":{\"c\":[],\"d\":0},\"b\":1}}") << true;
    QTest::newRow("number_spelling") << QByteArray("[1.0, 1e2, 0.5, -0]") << QByteArray("[1, 100, 5E-1, 0]") << true;
    QTest::newRow("escape_spelling") << QByteArray("[\"\\u0041\\/\\u00e9\"]") << QByteArray("[\"A/\u00e9\"]") << true;
    QTest::newRow("array_order_matters") << QByteArray("[1,2]") << QByteArray("[2,1]") << false;
    QTest::newRow("type_matters") << QByteArray("{\"a\":1}") << QByteArray("{\"a\":\"1\"}") << false;
    QTest::newRow("null_is_not_absent") << QByteArray("{\"a\":1,\"b\":null}") << QByteArray("{\"a\":1}") << false;
    QTest::newRow("case_matters") << QByteArray("{\"a\":\"eur\"}") << QByteArray("{\"a\":\"EUR\"}") << false;
}

void TestFingerprint::testEquivalentPayloads()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(bool, same);

    const Fingerprint fa = fingerprintOf(parseBytes(a));
    const Fingerprint fb = fingerprintOf(parseBytes(b));
    QCOMPARE(fa.sha256 == fb.sha256, same);
    QCOMPARE(fa.canonical == fb.canonical, same);
    QCOMPARE(fa.sha256.size(), std::size_t(64));
}

void TestFingerprint::testSelection_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QStringList>("only");
    QTest::addColumn<QStringList>("ignore");
    QTest::addColumn<QByteArray>("canonical");

    const QByteArray abcd = "{\"a\":{\"b\":1,\"c\":2},\"d\":3}";
    const QByteArray items = "{\"items\":[{\"p\":1,\"q\":2},{\"p\":3,\"q\":4}],\"n\":0}";
    const auto list = [](std::initializer_list<const char*> pointers) {
        QStringList out;
        for (const char* p : pointers)
            out << QString::fromUtf8(p);
        return out;
    };

    QTest::newRow("no_selection_is_whole_payload")
        << abcd << QStringList() << QStringList() << QByteArray("{\"a\":{\"b\":1,\"c\":2},\"d\":3}");
    QTest::newRow("only_keeps_path_structure")
        << abcd << list({ "/a/b" }) << QStringList() << QByteArray("{\"a\":{\"b\":1}}");
    QTest::newRow("only_several") << abcd << list({ "/d", "/a/c" }) << QStringList()
                                  << QByteArray("{\"a\":{\"c\":2},\"d\":3}");
    QTest::newRow("only_missing_pointer_is_absent")
        << abcd << list({ "/a/x", "/d", "/z/y" }) << QStringList() << QByteArray("{\"d\":3}");
    QTest::newRow("only_nothing_matches") << abcd << list({ "/zz" }) << QStringList() << QByteArray("{}");
    QTest::newRow("only_into_a_scalar") << abcd << list({ "/d/e" }) << QStringList() << QByteArray("{}");
    QTest::newRow("only_whole_document") << abcd << list({ "" }) << QStringList()
                                         << QByteArray("{\"a\":{\"b\":1,\"c\":2},\"d\":3}");
    QTest::newRow("only_array_element_keeps_index")
        << items << list({ "/items/1/p" }) << QStringList() << QByteArray("{\"items\":[null,{\"p\":3}]}");
    QTest::newRow("only_array_elements") << items << list({ "/items/0/q", "/items/1/p" }) << QStringList()
                                         << QByteArray("{\"items\":[{\"q\":2},{\"p\":3}]}");
    QTest::newRow("only_array_index_out_of_range")
        << items << list({ "/items/5" }) << QStringList() << QByteArray("{}");
    QTest::newRow("only_dash_and_leading_zero_never_resolve")
        << items << list({ "/items/-", "/items/01" }) << QStringList() << QByteArray("{}");
    QTest::newRow("only_escaped_tokens") << QByteArray("{\"a/b\":1,\"m~n\":2,\"c\":3}") << list({ "/a~1b", "/m~0n" })
                                         << QStringList() << QByteArray("{\"a/b\":1,\"m~n\":2}");
    QTest::newRow("only_empty_member_name")
        << QByteArray("{\"\":1,\"a\":2}") << list({ "/" }) << QStringList() << QByteArray("{\"\":1}");
    QTest::newRow("only_on_top_level_array")
        << QByteArray("[10,20,30]") << list({ "/2" }) << QStringList() << QByteArray("[null,null,30]");
    QTest::newRow("ignore_member") << QByteArray("{\"amount\":100,\"client_note\":\"hi\"}") << QStringList()
                                   << list({ "/client_note" }) << QByteArray("{\"amount\":100}");
    QTest::newRow("ignore_nested_and_missing")
        << abcd << QStringList() << list({ "/a/c", "/x/y", "/d/e" }) << QByteArray("{\"a\":{\"b\":1},\"d\":3}");
    QTest::newRow("ignore_array_elements_by_original_index")
        << QByteArray("{\"a\":[0,1,2,3]}") << QStringList() << list({ "/a/0", "/a/2" }) << QByteArray("{\"a\":[1,3]}");
    QTest::newRow("ignore_inside_array_element") << items << QStringList() << list({ "/items/1/q", "/n" })
                                                 << QByteArray("{\"items\":[{\"p\":1,\"q\":2},{\"p\":3}]}");
    QTest::newRow("ignore_whole_document") << abcd << QStringList() << list({ "" }) << QByteArray("null");
    QTest::newRow("only_then_ignore") << abcd << list({ "/a" }) << list({ "/a/c" }) << QByteArray("{\"a\":{\"b\":1}}");
    QTest::newRow("only_then_ignore_same_paths_in_arrays")
        << QByteArray("{\"a\":[1,{\"x\":1,\"y\":2},3]}") << list({ "/a/1" }) << list({ "/a/1/y" })
        << QByteArray("{\"a\":[null,{\"x\":1}]}");
}

void TestFingerprint::testSelection()
{
    QFETCH(QByteArray, payload);
    QFETCH(QStringList, only);
    QFETCH(QStringList, ignore);
    QFETCH(QByteArray, canonical);

    FingerprintSelection selection;
    selection.only = toStd(only);
    selection.ignore = toStd(ignore);
    QCOMPARE(selection.empty(), only.isEmpty() && ignore.isEmpty());
    const Fingerprint f = fingerprintOf(parseBytes(payload), selection);
    QCOMPARE(bytes(f.canonical), canonical);
    QCOMPARE(f.sha256, sha256Hex(f.canonical));
}

void TestFingerprint::testMalformedPointers_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QByteArray>("message");

    QTest::newRow("no_leading_slash") << QStringLiteral("a/b")
                                      << QByteArray("invalid JSON Pointer \"a/b\": it must be empty or start with '/'");
    QTest::newRow("tilde_2") << QStringLiteral("/a~2")
                             << QByteArray("invalid JSON Pointer \"/a~2\": '~' must be followed by '0' or '1'");
    QTest::newRow("tilde_at_end") << QStringLiteral("/a~")
                                  << QByteArray("invalid JSON Pointer \"/a~\": '~' must be followed by '0' or '1'");
}

void TestFingerprint::testMalformedPointers()
{
    QFETCH(QString, pointer);
    QFETCH(QByteArray, message);

    const json::Value payload = parseBytes("{\"a\":1}");
    for (int useIgnore = 0; useIgnore < 2; ++useIgnore) {
        FingerprintSelection selection;
        (useIgnore ? selection.ignore : selection.only).push_back(pointer.toStdString());
        try {
            selectSignificant(payload, selection);
            QFAIL("malformed pointer accepted");
        } catch (const std::invalid_argument& e) {
            QCOMPARE(QByteArray(e.what()), message);
        }
    }
}

void TestFingerprint::testPointerTokens_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QStringList>("tokens");

    QTest::newRow("whole_document") << QString() << QStringList();
    QTest::newRow("empty_token") << QStringLiteral("/") << QStringList { QString() };
    QTest::newRow("escapes") << QStringLiteral("/a~1b/~0/")
                             << QStringList { QStringLiteral("a/b"), QStringLiteral("~"), QString() };
    QTest::newRow("tilde_one_zero_is_not_tilde") << QStringLiteral("/~01") << QStringList { QStringLiteral("~1") };
}

void TestFingerprint::testPointerTokens()
{
    QFETCH(QString, pointer);
    QFETCH(QStringList, tokens);

    QStringList actual;
    for (const std::string& token : parseJsonPointer(pointer.toStdString()))
        actual << QString::fromStdString(token);
    QCOMPARE(actual, tokens);
}

void TestFingerprint::testSha256_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("hex");

    // FIPS 180-2 test vectors.
    QTest::newRow("empty") << QByteArray()
                           << QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    QTest::newRow("abc") << QByteArray("abc")
                         << QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    QTest::newRow("two_blocks") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                                << QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

void TestFingerprint::testSha256()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, hex);

    QCOMPARE(bytes(sha256Hex(std::string_view(input.constData(), std::size_t(input.size())))), hex);
}

void TestFingerprint::testOrderedForm()
{
    // docs/reference/decisions.md#profiles fingerprint_form ordered. The expected texts are what Node 20's
    // JSON.stringify(JSON.parse(text)) printed for the same inputs: members in source order except array-index names
    // first, ascending (not "01", not 2^32 - 1, not "-1"), ECMAScript numbers, no whitespace.
    QCOMPARE(
        bytes(orderedJson(parseBytes("{ \"b\": 1, \"1\": 2, \"a\": [1.0, 2e2, {\"z\": 0, \"10\": 1, \"9\": 2}] }"))),
        QByteArray("{\"1\":2,\"b\":1,\"a\":[1,200,{\"9\":2,\"10\":1,\"z\":0}]}"));
    QCOMPARE(bytes(orderedJson(
                 parseBytes("{\"x\":\"\\u00e9\\n\", \"01\": 1, \"4294967295\": 2, \"4294967294\": 3, \"-1\": 4}"))),
        QByteArray("{\"4294967294\":3,\"x\":\"\xc3\xa9\\n\",\"01\":1,\"4294967295\":2,\"-1\":4}"));
    // The canonical form of the same document sorts every member.
    QVERIFY(orderedJson(parseBytes("{\"b\":1,\"a\":2}")) != canonicalJson(parseBytes("{\"b\":1,\"a\":2}")));
}

void TestFingerprint::testFingerprintOf()
{
    // Hash computed independently (Python hashlib) over the canonical text.
    const Fingerprint f = fingerprintOf(parseBytes("{ \"b\": 2, \"a\": 1.0 }"));
    QCOMPARE(bytes(f.canonical), QByteArray("{\"a\":1,\"b\":2}"));
    QCOMPARE(bytes(f.sha256), QByteArray("43258cff783fe7036d8a43033f830adfc60ec037382473548ac742b888292777"));

    FingerprintSelection selection;
    selection.ignore = { "/client_note" };
    const Fingerprint g = fingerprintOf(parseBytes("{\"client_note\": \"rush\", \"amount\": 100}"), selection);
    QCOMPARE(bytes(g.sha256), QByteArray("4d4bbe59c6aad22442cde199a6a8a5f034405fcd78fb5a81c24ef249de1c45f1"));
}

void TestFingerprint::testCommandPlainOutput()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("payload.json"), "{\"b\": [1.0, 2],\n \"a\": \"x\"}\n");

    const CommandResult r = runCommand({ path });
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.out,
        QStringLiteral("{\"a\":\"x\",\"b\":[1,2]}\n"
                       "721ef82f2d6c0997bffb7a8ab3f40f8fb45b0b52ce2af3afa6b0f05efbdc317f\n"));
}

void TestFingerprint::testCommandJsonOutput()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Quotes, a backslash, a control character and non-ASCII text must survive as a valid JSON string.
    const QString path
        = writeFile(dir, QStringLiteral("payload.json"), "{\"q\": \"say \\\"hi\\\"\\\\\\n\", \"\u00e9\": 1}");

    const CommandResult r = runCommand({ QStringLiteral("--json"), path });
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());
    QVERIFY(r.out.endsWith(QLatin1Char('\n')));
    QCOMPARE(r.out.count(QLatin1Char('\n')), 1);

    const QByteArray line = r.out.trimmed().toUtf8();
    const json::Value doc = parseBytes(line);
    QVERIFY(doc.isObject());
    QCOMPARE(doc.object.size(), std::size_t(2));
    QCOMPARE(bytes(doc.object[0].key), QByteArray("canonical"));
    QCOMPARE(bytes(doc.object[1].key), QByteArray("sha256"));
    const std::string canonical = "{\"q\":\"say \\\"hi\\\"\\\\\\n\",\"\u00e9\":1}";
    QCOMPARE(bytes(doc.find("canonical")->string), bytes(canonical));
    QCOMPARE(bytes(doc.find("sha256")->string), bytes(sha256Hex(canonical)));
    QVERIFY(line.startsWith("{\"canonical\": \"{\\\"q\\\":"));
}

void TestFingerprint::testCommandSelection_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("canonical");

    QTest::newRow("only") << QStringList { QStringLiteral("--only"), QStringLiteral("/a/b") }
                          << QStringLiteral("{\"a\":{\"b\":1}}");
    QTest::newRow("only_comma_list") << QStringList { QStringLiteral("--only"), QStringLiteral("/a/b,/d") }
                                     << QStringLiteral("{\"a\":{\"b\":1},\"d\":3}");
    QTest::newRow("only_repeated_with_equals") << QStringList { QStringLiteral("--only=/a/b"), QStringLiteral("--only"),
        QStringLiteral("/d") } << QStringLiteral("{\"a\":{\"b\":1},\"d\":3}");
    QTest::newRow("ignore") << QStringList { QStringLiteral("--ignore"), QStringLiteral("/a,/e") }
                            << QStringLiteral("{\"d\":3}");
    QTest::newRow("only_then_ignore") << QStringList { QStringLiteral("--ignore"), QStringLiteral("/a/c"),
        QStringLiteral("--only"), QStringLiteral("/a") }
                                      << QStringLiteral("{\"a\":{\"b\":1}}");
    QTest::newRow("double_dash_ends_options") << QStringList { QStringLiteral("--only"), QStringLiteral("/d"),
        QStringLiteral("--") } << QStringLiteral("{\"d\":3}");
}

void TestFingerprint::testCommandSelection()
{
    QFETCH(QStringList, options);
    QFETCH(QString, canonical);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("p.json"), "{\"a\":{\"b\":1,\"c\":2},\"d\":3,\"e\":[4]}");
    const CommandResult r = runCommand(options + QStringList { path });
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3); // two lines and the final newline
    QCOMPARE(lines[0], canonical);
    QCOMPARE(lines[1], QString::fromStdString(sha256Hex(canonical.toStdString())));
}

void TestFingerprint::testCommandErrors_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("args"); // "$FILE" stands for the payload's path
    QTest::addColumn<QString>("errStart"); // "$FILE" stands for the payload's path
    QTest::addColumn<bool>("showsUsage");

    const QString file = QStringLiteral("$FILE");
    QTest::newRow("duplicate_member") << QByteArray("{\n  \"a\": 1,\n  \"a\": 2\n}") << QStringList { file }
                                      << QStringLiteral("$FILE:3:3: error: duplicate member name \"a\"\n") << false;
    QTest::newRow("syntax_error_with_json_flag")
        << QByteArray("[1 2]") << QStringList { QStringLiteral("--json"), file }
        << QStringLiteral("$FILE:1:4: error: expected ',' or ']' after array element\n") << false;
    QTest::newRow("invalid_utf8")
        << QByteArray("{\"k\": \"\xc3\x28\"}") << QStringList { file }
        << QStringLiteral("$FILE:1:8: error: invalid UTF-8: truncated sequence starting with byte 0xc3\n") << false;
    QTest::newRow("lone_surrogate") << QByteArray("[\"\\ud800\"]") << QStringList { file }
                                    << QStringLiteral("$FILE:1:3: error: lone surrogate \\ud800 in string\n") << false;
    QTest::newRow("number_out_of_range") << QByteArray("{\"n\":\n -1e400}") << QStringList { file }
                                         << QStringLiteral(
                                                "$FILE:2:2: error: number -1e400 is outside the range of a double\n")
                                         << false;
    QTest::newRow("empty_file") << QByteArray() << QStringList { file }
                                << QStringLiteral("$FILE:1:1: error: the input contains no JSON value\n") << false;
    QTest::newRow("unknown_option") << QByteArray("{}") << QStringList { QStringLiteral("--frobnicate"), file }
                                    << QStringLiteral("fingerprint: error: unknown option --frobnicate\n") << true;
    QTest::newRow("option_without_value")
        << QByteArray("{}") << QStringList { file, QStringLiteral("--only") }
        << QStringLiteral("fingerprint: error: --only needs a list of JSON Pointers\n") << true;
    QTest::newRow("two_files") << QByteArray("{}") << QStringList { file, file }
                               << QStringLiteral("fingerprint: error: only one FILE may be given") << true;
    QTest::newRow("malformed_pointer") << QByteArray("{}")
                                       << QStringList { QStringLiteral("--ignore"), QStringLiteral("/a,b"), file }
                                       << QStringLiteral(
                                              "fingerprint: error: invalid JSON Pointer \"b\": it must be empty or "
                                              "start with '/'\n")
                                       << true;
}

void TestFingerprint::testCommandErrors()
{
    QFETCH(QByteArray, content);
    QFETCH(QStringList, args);
    QFETCH(QString, errStart);
    QFETCH(bool, showsUsage);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("payload.json"), content);
    args.replaceInStrings(QStringLiteral("$FILE"), path);
    errStart.replace(QStringLiteral("$FILE"), path);

    const CommandResult r = runCommand(args);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.startsWith(errStart), qPrintable(r.err));
    QCOMPARE(r.err.contains(QStringLiteral("Usage: idempotency-workbench fingerprint")), showsUsage);
}

void TestFingerprint::testCommandUnreadableFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    const CommandResult r = runCommand({ missing });
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.startsWith(missing + QStringLiteral(": error: cannot read the file")), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);

    const CommandResult d = runCommand({ dir.path() });
    QCOMPARE(d.exitCode, 2);
    QVERIFY2(d.err.startsWith(dir.path() + QStringLiteral(": error: cannot read the file")), qPrintable(d.err));
}

void TestFingerprint::testCommandReadsStdin()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString good = writeFile(dir, QStringLiteral("good.json"), "{\"z\": 0, \"y\": [true]}");
    const QString bad = writeFile(dir, QStringLiteral("bad.json"), "\n  {\"z\": 0,}");

    // Point this process's standard input at a file for the duration of the test.
    const int savedStdin = ::dup(0);
    QVERIFY(savedStdin >= 0);
    const auto runWithStdin = [&](const QString& path, const QStringList& args) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly) || ::dup2(f.handle(), 0) < 0)
            qFatal("cannot redirect standard input");
        std::clearerr(stdin);
        CommandResult r = runCommand(args);
        ::dup2(savedStdin, 0);
        return r;
    };

    for (const QStringList& args : { QStringList { QStringLiteral("-") }, QStringList() }) {
        const CommandResult r = runWithStdin(good, args);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.section(QLatin1Char('\n'), 0, 0), QStringLiteral("{\"y\":[true],\"z\":0}"));
    }
    const CommandResult r = runWithStdin(bad, { QStringLiteral("-") });
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, QStringLiteral("<stdin>:2:11: error: trailing comma before '}'\n"));
    ::close(savedStdin);
}

QTEST_GUILESS_MAIN(TestFingerprint)
#include "tst_fingerprint.moc"
