// The sequence's texts in the GUI's language (docs/glossary.md). core/sequence keeps each lane name, label and detail
// once, as an English template with the facts that fill it (sequencemodel.h), and writes it in English for the Mermaid
// text, the command line and its pictures; the dock translates the same templates (context "iw::Sequence"; the rule
// steps and explanations inside them through the vocabulary's helpers) and fills them with the same facts, numbers
// and durations written as the language writes them. Said when drawn, so a language switch re-says them.
#pragma once

#include "sequencemodel.h"

#include <QString>

namespace iw {

// A text of the sequence in the GUI's language.
QString shownText(const SequenceText& text);
// A lane's name ("store", "payments store"), an item's label and its detail (empty when it has none).
QString shownLaneName(const SequenceLane& lane);
QString shownLabel(const SequenceItem& item);
QString shownDetail(const SequenceModel& model, const SequenceItem& item);

} // namespace iw
