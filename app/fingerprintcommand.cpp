// The `fingerprint` command: option parsing, input reading and the two output forms around core/fingerprint.
#include "fingerprintcommand.h"

#include "commandline.h"
#include "fingerprint.h"
#include "json.h"
#include "printable.h"
#include "wholeinput.h"

#include <QCoreApplication>
#include <QFile>

#include <stdexcept>
#include <string>

namespace iw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("iw::FingerprintCommand", text);
}

QString usage()
{
    return tr("Usage: idempotency-workbench fingerprint [--only PTRS] [--ignore PTRS] [--json] [FILE|-]\n"
              "Prints the RFC 8785 canonical form of a JSON payload and its SHA-256.\n"
              "  --only PTRS    keep just these comma-separated JSON Pointers (may repeat; \\, is a comma\n"
              "                 inside a pointer: --only '/a\\,b' keeps the member \"a,b\")\n"
              "  --ignore PTRS  drop these comma-separated JSON Pointers (may repeat; \\, as for --only)\n"
              "  --json         print {\"canonical\": ..., \"sha256\": ...} on one line\n"
              "  FILE           the payload; \"-\" or none reads standard input\n");
}

int usageError(QTextStream& err, const QString& problem)
{
    return refuseArguments(err, tr("fingerprint: error: ") + problem, usage());
}

void appendPointers(std::vector<std::string>& to, const QString& list)
{
    // A comma-separated list; an empty entry is the empty pointer, the whole document. "\," is a comma inside a
    // pointer (a member name holding a comma); every other backslash is itself.
    QString pointer;
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (list[i] == QLatin1Char('\\') && i + 1 < list.size() && list[i + 1] == QLatin1Char(',')) {
            pointer += QLatin1Char(',');
            ++i;
        } else if (list[i] == QLatin1Char(',')) {
            to.push_back(pointer.toStdString());
            pointer.clear();
        } else {
            pointer += list[i];
        }
    }
    to.push_back(pointer.toStdString());
}

} // namespace

int runFingerprintCommand(const QStringList& args, QTextStream& out, QTextStream& err)
{
    FingerprintSelection selection;
    bool asJson = false;
    QString file;
    bool haveFile = false;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        const auto takeList = [&](QLatin1String option, std::vector<std::string>& to) {
            if (arg == option) {
                if (i + 1 >= args.size())
                    return false;
                appendPointers(to, args.at(++i));
            } else {
                appendPointers(to, arg.mid(option.size() + 1));
            }
            return true;
        };
        if (!optionsEnded && arg == QLatin1String("--json")) {
            asJson = true;
        } else if (!optionsEnded && (arg == QLatin1String("--only") || arg.startsWith(QLatin1String("--only=")))) {
            if (!takeList(QLatin1String("--only"), selection.only))
                return usageError(err, tr("--only needs a list of JSON Pointers"));
        } else if (!optionsEnded && (arg == QLatin1String("--ignore") || arg.startsWith(QLatin1String("--ignore=")))) {
            if (!takeList(QLatin1String("--ignore"), selection.ignore))
                return usageError(err, tr("--ignore needs a list of JSON Pointers"));
        } else if (!optionsEnded && (arg == QLatin1String("--help") || arg == QLatin1String("-h"))) {
            out << usage();
            out.flush();
            return 0;
        } else if (!optionsEnded && arg == QLatin1String("--")) {
            optionsEnded = true;
        } else if (!optionsEnded && arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            return usageError(err, tr("unknown option %1").arg(arg));
        } else if (haveFile) {
            return usageError(err, tr("only one FILE may be given, got %1 and %2").arg(file, arg));
        } else {
            file = arg;
            haveFile = true;
        }
    }

    // Check the pointers before reading, so a typo does not first wait for standard input.
    try {
        for (const auto* list : { &selection.only, &selection.ignore }) {
            for (const std::string& pointer : *list)
                parseJsonPointer(pointer);
        }
    } catch (const std::invalid_argument& e) {
        return usageError(err, QString::fromStdString(e.what()));
    }

    const bool fromStdin = !haveFile || file == QLatin1String("-");
    const QString name = fromStdin ? QStringLiteral("<stdin>") : file;
    QFile input;
    bool opened = false;
    if (fromStdin) {
        opened = input.open(stdin, QIODevice::ReadOnly);
    } else {
        input.setFileName(file);
        opened = input.open(QIODevice::ReadOnly);
    }
    if (!opened) {
        err << printable(tr("%1: error: cannot read the file: %2").arg(name, input.errorString())) << QLatin1Char('\n');
        err.flush();
        return 2;
    }
    // Bounded: `fingerprint /dev/zero` or `yes | … fingerprint` is refused with the limit, never read until memory
    // runs out.
    std::string readError;
    const std::optional<QByteArray> read = readWholeInput(input, "a payload", readError);
    if (!read) {
        err << printable(tr("%1: error: %2").arg(name, QString::fromStdString(readError))) << QLatin1Char('\n');
        err.flush();
        return 2;
    }
    const QByteArray& data = *read;

    Fingerprint fingerprint;
    try {
        // One payload: a 60 MB array of zeros is 30 million values, 4 GB once read; refused past kPayloadMaxValues.
        json::ParseOptions options;
        options.maxValues = json::kPayloadMaxValues;
        const json::Value payload = json::parse(std::string_view(data.constData(), std::size_t(data.size())), options);
        fingerprint = fingerprintOf(payload, selection);
    } catch (const json::ParseError& e) {
        err << printable(QStringLiteral("%1:%2:%3").arg(name).arg(e.position().line).arg(e.position().column)
            + tr(": error: ") + QString::fromStdString(e.what()))
            << QLatin1Char('\n');
        err.flush();
        return 2;
    } catch (const std::bad_alloc&) {
        // The reader bounds a document's values; a smaller address space than it allows for still ends in a sentence.
        err << printable(tr("%1: error: out of memory while reading the payload").arg(name)) << QLatin1Char('\n');
        err.flush();
        return 2;
    }

    if (asJson) {
        std::string line = "{\"canonical\": ";
        json::appendString(line, fingerprint.canonical);
        line += ", \"sha256\": \"";
        line += fingerprint.sha256;
        line += "\"}";
        out << QString::fromStdString(line) << QLatin1Char('\n');
    } else {
        out << QString::fromStdString(fingerprint.canonical) << QLatin1Char('\n')
            << QString::fromStdString(fingerprint.sha256) << QLatin1Char('\n');
    }
    out.flush();
    return 0;
}

} // namespace iw
