// The store switch's MySQL dialog (docs/manual/stores.md `--store mysql --conninfo …`): MariaDB's conninfo (`host=…
// port=… user=… dbname=…`) and the password, asked for and never saved. The conninfo is checked before anything
// connects, so one that does not parse is one sentence in the dialog; it is remembered without its password.
#pragma once

#include "serverstoredialog.h"
#include "store.h"

#include <functional>
#include <memory>
#include <string>

class QLabel;
class QLineEdit;

namespace iw {

class MysqlStoreDialog : public ServerStoreDialog {
    Q_OBJECT
public:
    explicit MysqlStoreDialog(QWidget* parent = nullptr);

    QString conninfo() const;
    void setConninfo(const QString& conninfo);
    QString password() const;

protected:
    QString inputProblem() const override;
    void rememberInput() override;
    void retranslate() override;

private:
    QLabel* m_conninfoLabel = nullptr;
    QLabel* m_passwordLabel = nullptr;
    QLineEdit* m_conninfo = nullptr;
    QLineEdit* m_password = nullptr;
};

// What the store switch needs to open a MySQL store (core/mysql stays inside this room): the conninfo checked now,
// where it points (no password), the factory ThreadedStore::open runs on its worker — it connects (bounded: 10 s),
// refuses a read-only server, a database of someone else's and tables of another shape, and empties the store's
// tables — and the fit: the store's table and sessions are shaped by `policy` (and `rollbackClaims`), so a scenario
// of another shape runs on the model.
struct MysqlStoreOpening {
    QString problem; // non-empty: the conninfo does not parse; nothing to open
    QString where; // "MariaDB at 127.0.0.1:3306, database iw"
    std::function<std::unique_ptr<IdempotencyStore>()> open;
    std::function<bool(const ServicePolicy&, bool)> fits;
};
MysqlStoreOpening mysqlStoreOpening(
    const QString& conninfo, const QString& password, const ServicePolicy& policy, bool rollbackClaims);

} // namespace iw
