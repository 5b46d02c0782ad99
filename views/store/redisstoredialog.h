// The store switch's Redis dialog (docs/manual/stores.md `--store redis --redis URL`): the server's URL, and the key
// prefix the workbench owns on it (`iw:` unless another is given). The URL is checked before anything connects, so a
// URL that does not parse is one sentence in the dialog; it is remembered without its password.
#pragma once

#include "serverstoredialog.h"
#include "store.h"

#include <functional>
#include <memory>
#include <string>

class QLabel;
class QLineEdit;

namespace iw {

class RedisStoreDialog : public ServerStoreDialog {
    Q_OBJECT
public:
    explicit RedisStoreDialog(QWidget* parent = nullptr);

    QString url() const;
    void setUrl(const QString& url);
    QString prefix() const; // never empty: the default when the field is
    void setPrefix(const QString& prefix);
    // What the dialog remembers (the URL without its password).
    static void remember(const QString& url, const QString& prefix);

protected:
    QString inputProblem() const override;
    void rememberInput() override;
    void retranslate() override;

private:
    QLabel* m_urlLabel = nullptr;
    QLabel* m_prefixLabel = nullptr;
    QLineEdit* m_url = nullptr;
    QLineEdit* m_prefix = nullptr;
};

// What the store switch needs to open a Redis store (core/redis stays inside this room): the URL checked now, the
// URL as it may be shown (no password), and the factory ThreadedStore::open runs on its worker — it connects
// (bounded: 10 s), refuses a replica, and empties the workbench's prefix (refusing a prefix holding keys the
// workbench did not mark), each failure a StoreError of one sentence.
struct RedisStoreOpening {
    QString problem; // non-empty: the URL does not parse, or the prefix is empty; nothing to open
    QString shownUrl;
    std::function<std::unique_ptr<IdempotencyStore>()> open;
};
RedisStoreOpening redisStoreOpening(const QString& url, const QString& prefix);

// What is wrong with a URL, as parseRedisUrl said it, without the command line's option name.
QString redisUrlProblem(const std::string& why);
// The URL as it may be remembered or shown: the password left out.
QString redisUrlWithoutPassword(const QString& url);

} // namespace iw
