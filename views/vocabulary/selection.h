// The one selection every view shares: selecting a request or a scope anywhere selects it everywhere.
#pragma once

#include <QObject>

namespace iw {

class Selection : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    int request() const { return m_request; } // index into Simulation::requests(), or -1
    int scope() const { return m_scope; } // index into Simulation::scopes(), or -1

    // Selecting a request also selects its scope (the caller passes both).
    void select(int request, int scope)
    {
        if (request == m_request && scope == m_scope)
            return;
        m_request = request;
        m_scope = scope;
        Q_EMIT changed();
    }
    void clear() { select(-1, -1); }

Q_SIGNALS:
    void changed();

private:
    int m_request = -1;
    int m_scope = -1;
};

} // namespace iw
