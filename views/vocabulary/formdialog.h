// What the workbench's form dialogs open and end with — the store dialogs, the live views' connect dialogs — so that
// they read alike: a paragraph above the form that says what the dialog does, and below it the line that says why
// the fields cannot be used (selectable, to be copied into a bug report or a search).
#pragma once

class QBoxLayout;
class QLabel;
class QWidget;

namespace iw {

// The intro paragraph, added to `layout` (its text is the dialog's to set, in the language in use).
QLabel* addFormIntro(QBoxLayout* layout, QWidget* parent);
// The result line, added to `layout`; `alarm`: always in the alarm colour (a dialog whose line only ever refuses).
QLabel* addFormResult(QBoxLayout* layout, QWidget* parent, bool alarm);

} // namespace iw
