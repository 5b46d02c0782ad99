// Go to key when several scopes hold the key (two users sharing one: brandur scopes keys per user): every one of them
// listed — actor, operation, state, creation — and the user chooses, instead of being shown one of them.
#pragma once

#include "liveinspector.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace iw {

class LiveKeyChoiceDialog : public QDialog {
    Q_OBJECT
public:
    LiveKeyChoiceDialog(const QString& key, std::shared_ptr<const LiveKeyLookup> lookup, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    // The row chosen (an index into the lookup's rows), or -1.
    int chosen() const;
    const LiveKeyLookup& lookup() const { return *m_lookup; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QString m_key;
    std::shared_ptr<const LiveKeyLookup> m_lookup;
    QLabel* m_intro = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace iw
