<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>iw::ReviewFiguresModel</name>
    <message>
        <source>%1 B</source>
        <translation>%1&#xa0;Б</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1&#xa0;КиБ</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1&#xa0;МиБ</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1&#xa0;ГиБ</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>none succeeded</source>
        <translation>нет успешных</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>Requests the service decided with %1</source>
        <translation>Запросы, по которым сервис принял решение %1</translation>
    </message>
    <message>
        <source>%1 (not finished)</source>
        <translation>%1 (не завершено)</translation>
    </message>
    <message>
        <source>Duplicate effects at %1</source>
        <translation>Дубли эффектов: %1</translation>
    </message>
    <message>
        <source>Intents</source>
        <translation>Намерения</translation>
    </message>
    <message>
        <source>Requests decided</source>
        <translation>Запросы с решением</translation>
    </message>
    <message>
        <source>Effects</source>
        <translation>Эффекты</translation>
    </message>
    <message>
        <source>Duplicate effects</source>
        <translation>Дубли эффектов</translation>
    </message>
    <message>
        <source>Duplicate rate</source>
        <translation>Доля дублей</translation>
    </message>
    <message>
        <source>Unknown outcome</source>
        <translation>Неизвестный исход</translation>
    </message>
    <message>
        <source>Conflict rate</source>
        <translation>Доля конфликтов</translation>
    </message>
    <message>
        <source>Replay rate</source>
        <translation>Доля replay</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Успешные</translation>
    </message>
    <message>
        <source>Time to success p50</source>
        <translation>Время до успеха p50</translation>
    </message>
    <message>
        <source>Time to success p90</source>
        <translation>Время до успеха p90</translation>
    </message>
    <message>
        <source>Time to success p99</source>
        <translation>Время до успеха p99</translation>
    </message>
    <message>
        <source>Retry horizon</source>
        <translation>Горизонт retry</translation>
    </message>
    <message>
        <source>Retention (TTL)</source>
        <translation>Срок хранения (TTL)</translation>
    </message>
    <message>
        <source>Horizon &gt; retention</source>
        <translation>Горизонт &gt; срок хранения</translation>
    </message>
    <message>
        <source>Records held (peak)</source>
        <translation>Записи в хранилище (пик)</translation>
    </message>
    <message>
        <source>Tombstones (peak)</source>
        <translation>Tombstone (пик)</translation>
    </message>
    <message>
        <source>Storage (peak, approx.)</source>
        <translation>Объём хранения (пик, прибл.)</translation>
    </message>
    <message>
        <source>Duplicate effects born at %1 (the report&apos;s duplicate_effects_by_hop): executions beyond the first per intent at that hop of the route; — where the policy&apos;s route has no such hop</source>
        <translation>Дубли эффектов, возникшие на звене %1 (duplicate_effects_by_hop в отчёте): выполнения сверх первого для каждого намерения на этом звене маршрута; прочерк (—), если в маршруте политики нет такого звена</translation>
    </message>
    <message>
        <source>Logical operations the clients tried to perform</source>
        <translation>Логические операции, которые пытались выполнить клиенты</translation>
    </message>
    <message>
        <source>Requests that reached a decision in the service (summary.requests)</source>
        <translation>Запросы, по которым сервис принял решение (summary.requests)</translation>
    </message>
    <message>
        <source>Executions of the business action</source>
        <translation>Выполнения бизнес-действия</translation>
    </message>
    <message>
        <source>Executions beyond the first per intent — the number that must be 0. Open the Duplicates tab to see each one.</source>
        <translation>Выполнения сверх первого для каждого намерения&#xa0;— это число должно быть равно 0. Откройте вкладку «Дубли», чтобы увидеть каждое из них.</translation>
    </message>
    <message>
        <source>Intents with duplicate effects ÷ intents</source>
        <translation>Намерения с дублями эффектов ÷ намерения</translation>
    </message>
    <message>
        <source>Intents whose client never saw a final answer</source>
        <translation>Намерения, клиент которых так и не получил окончательного ответа</translation>
    </message>
    <message>
        <source>(conflict_in_progress + payload_mismatch + expired_rejected) ÷ requests decided</source>
        <translation>(conflict_in_progress + payload_mismatch + expired_rejected) ÷ запросы с решением</translation>
    </message>
    <message>
        <source>replayed ÷ requests decided</source>
        <translation>replayed ÷ запросы с решением</translation>
    </message>
    <message>
        <source>Intents whose client saw a 2xx</source>
        <translation>Намерения, клиент которых получил 2xx</translation>
    </message>
    <message>
        <source>From the intent&apos;s first send to the first 2xx reaching the client, nearest-rank percentile over the intents that succeeded</source>
        <translation>От первой отправки намерения до первого 2xx, дошедшего до клиента; процентиль по методу ближайшего ранга среди успешных намерений</translation>
    </message>
    <message>
        <source>max_attempts × timeout + the largest possible backoff waits: how long after its first send a client may still retry with the same key (the largest of the policy&apos;s clients)</source>
        <translation>max_attempts × timeout + наибольшие возможные задержки между попытками: сколько времени после первой отправки клиент ещё может повторять запрос с тем же key (наибольшее значение среди клиентов политики)</translation>
    </message>
    <message>
        <source>ttl_ms: how long the service recognises a key</source>
        <translation>ttl_ms: как долго сервис распознаёт key</translation>
    </message>
    <message>
        <source>Yes when a client may still retry after its record expired: that retry runs as a new request (unless a tombstone refuses it)</source>
        <translation>Значение «да»: клиент ещё может повторить запрос после истечения срока записи, и такой retry выполняется как новый запрос (если его не отклоняет tombstone)</translation>
    </message>
    <message>
        <source>The most idempotency records the store held at once</source>
        <translation>Наибольшее число записей идемпотентности, одновременно находившихся в хранилище</translation>
    </message>
    <message>
        <source>The most tombstones (compact evidence of expired records) held at once</source>
        <translation>Наибольшее число tombstone (компактных свидетельств об истёкших записях), одновременно находившихся в хранилище</translation>
    </message>
    <message>
        <source>Approximate bytes at the peak: each row&apos;s text plus 8 bytes per number or time column, without index overhead</source>
        <translation>Примерный объём в байтах на пике: текст каждой строки плюс 8&#xa0;байт на каждый числовой столбец или столбец времени, без учёта индексов</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не истекает</translation>
    </message>
</context>
<context>
    <name>iw::ReviewWindow</name>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Policy review — Idempotency Workbench</source>
        <translation>Сравнение политик&#xa0;— Idempotency Workbench</translation>
    </message>
    <message>
        <source>Three policies under the same traffic and faults: press Run to compare them.</source>
        <translation>Три политики при одинаковом трафике и сбоях: нажмите «Запустить», чтобы сравнить их.</translation>
    </message>
    <message>
        <source>Add scenario &amp;file…</source>
        <translation>Добавить &amp;файл…</translation>
    </message>
    <message>
        <source>Add one or more scenario files as policies to compare, up to four (Ctrl+O)</source>
        <translation>Добавить один или несколько файлов сценариев как политики для сравнения, всего не более четырёх (Ctrl+O)</translation>
    </message>
    <message>
        <source>Add preset</source>
        <translation>Из готовых</translation>
    </message>
    <message>
        <source>Presets unavailable: %1</source>
        <translation>Готовые сценарии недоступны: %1</translation>
    </message>
    <message>
        <source>Add a preset scenario as a policy (presets with a literal key need Intents per policy set to “as in the files”)</source>
        <translation>Добавить готовый сценарий как политику (для готовых сценариев с явно заданным key установите в поле «Намерений на политику» значение «как в файлах»)</translation>
    </message>
    <message>
        <source>&amp;Built-in review</source>
        <translation>&amp;Встроенное</translation>
    </message>
    <message>
        <source>Start again from the built-in review: Stripe-like 24 h, Powertools-like 1 h and a 1 h tombstone variant under the same traffic and faults</source>
        <translation>Начать заново со встроенного сравнения: как в Stripe (24&#xa0;ч), как в Powertools (1&#xa0;ч) и вариант с tombstone (1&#xa0;ч) при одинаковом трафике и сбоях</translation>
    </message>
    <message>
        <source>R&amp;oute review</source>
        <translation>&amp;Маршрут</translation>
    </message>
    <message>
        <source>The example review of a route (service → gateway → provider): 24 h at the service and 1 h at the gateway, against the gateway at 24 h, the gateway rewriting the key and the service at 1 h; the figures count duplicate effects at each hop</source>
        <translation>Пример сравнения для маршрута (service → gateway → provider): 24&#xa0;ч на service и 1&#xa0;ч на gateway против gateway с 24&#xa0;ч, gateway, переписывающего key, и service с 1&#xa0;ч; показатели считают дубли эффектов на каждом звене</translation>
    </message>
    <message>
        <source>&amp;Run review</source>
        <translation>&amp;Запустить</translation>
    </message>
    <message>
        <source>Run every policy over the same seeded traffic and faults, on all cores (F5)</source>
        <translation>Запустить каждую политику на одном и том же трафике и сбоях (с одним seed) на всех ядрах (F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Отмена</translation>
    </message>
    <message>
        <source>Stop the review; the policies that already finished keep their figures (Esc)</source>
        <translation>Остановить сравнение; уже завершённые политики сохраняют свои показатели (Esc)</translation>
    </message>
    <message>
        <source>Export &amp;Markdown…</source>
        <translation>В &amp;Markdown…</translation>
    </message>
    <message>
        <source>Write the review as Markdown to paste into a design document: figures, what differs, warnings (Ctrl+E)</source>
        <translation>Записать сравнение в формате Markdown для вставки в проектный документ: показатели, различия, предупреждения (Ctrl+E)</translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation>В &amp;JSON…</translation>
    </message>
    <message>
        <source>Write the figures as the JSON of the compare command: {&quot;policies&quot;: […]} (Ctrl+Shift+E)</source>
        <translation>Записать показатели в JSON в формате команды compare: {&quot;policies&quot;: […]} (Ctrl+Shift+E)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Close the review window; a running review is cancelled (Ctrl+W)</source>
        <translation>Закрыть окно сравнения; идущее сравнение отменяется (Ctrl+W)</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Сравнение</translation>
    </message>
    <message>
        <source> Intents per policy: </source>
        <translation> Намерений на политику: </translation>
    </message>
    <message>
        <source>as in the files</source>
        <translation>как в файлах</translation>
    </message>
    <message>
        <source>Sets every request entry&apos;s repeat: each repetition is a new intent, so keys must be &quot;auto&quot; or null. “As in the files” keeps each file&apos;s own traffic.</source>
        <translation>Задаёт repeat каждого запроса в сценарии: каждое повторение&#xa0;— новое намерение, поэтому значения key должны быть &quot;auto&quot; или null. «Как в файлах» сохраняет собственный трафик каждого файла.</translation>
    </message>
    <message>
        <source>Intents changed since the last run: press Run to update the figures.</source>
        <translation>Число намерений изменилось после последнего прогона: нажмите «Запустить», чтобы обновить показатели.</translation>
    </message>
    <message>
        <source>Intents started, over all policies</source>
        <translation>Запущенные намерения по всем политикам</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>Политики</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Показатели</translation>
    </message>
    <message>
        <source>Click a duplicate-effects figure to list that policy&apos;s duplicates</source>
        <translation>Щёлкните показатель дублей эффектов, чтобы увидеть список дублей этой политики</translation>
    </message>
    <message>
        <source>What differs</source>
        <translation>Различия</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Политика</translation>
    </message>
    <message>
        <source>Intent with duplicate effects</source>
        <translation>Намерение с дублями эффектов</translation>
    </message>
    <message>
        <source>Click a duplicate to open that intent on its own in the main window</source>
        <translation>Щёлкните дубль, чтобы открыть это намерение отдельно в главном окне</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>Дубли</translation>
    </message>
    <message>
        <source>A review compares at most %1 policies: remove one first.</source>
        <translation>В сравнении может быть не более %1 политик: сначала удалите одну.</translation>
    </message>
    <message>
        <source>Cannot add %1: %2</source>
        <translation>Не удалось добавить %1: %2</translation>
    </message>
    <message>
        <source>Added %1: press Run to compare.</source>
        <translation>Политика %1 добавлена: нажмите «Запустить», чтобы сравнить.</translation>
    </message>
    <message>
        <source>A route review: service → gateway → provider under the same traffic and faults. Each hop&apos;s policy is editable below the client&apos;s; press Run to count duplicates at each hop.</source>
        <translation>Сравнение маршрутов: service → gateway → provider при одинаковом трафике и сбоях. Политики звеньев настраиваются ниже; нажмите «Запустить», чтобы подсчитать дубли по звеньям.</translation>
    </message>
    <message>
        <source>Cannot load the route review: %1</source>
        <translation>Не удалось загрузить сравнение маршрутов: %1</translation>
    </message>
    <message>
        <source>The scenario&apos;s name; the first policy is the baseline the others are compared to</source>
        <translation>Имя сценария; первая политика&#xa0;— базовая, с ней сравниваются остальные</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Сервис</translation>
    </message>
    <message>
        <source>The service profile and the file the policy came from</source>
        <translation>Профиль сервиса и файл, из которого взята политика</translation>
    </message>
    <message>
        <source>TTL (retention)</source>
        <translation>TTL (хранение)</translation>
    </message>
    <message>
        <source>ttl_ms: how long a key is recognised after its claim</source>
        <translation>ttl_ms: как долго key распознаётся после захвата</translation>
    </message>
    <message>
        <source>After expiry</source>
        <translation>По истечении</translation>
    </message>
    <message>
        <source>after_expiry: forget (an expired key runs again) or tombstone (compact evidence refuses it)</source>
        <translation>after_expiry: forget (истёкший key выполняется снова) или tombstone (компактное свидетельство отклоняет его)</translation>
    </message>
    <message>
        <source>Tombstone</source>
        <translation>Tombstone</translation>
    </message>
    <message>
        <source>tombstone_ms: how long the tombstone of a swept record still refuses the key</source>
        <translation>tombstone_ms: как долго tombstone удалённой очисткой записи ещё отклоняет key</translation>
    </message>
    <message>
        <source>Store errors</source>
        <translation>Ошибки</translation>
    </message>
    <message>
        <source>store_errors: a handler error is stored and replayed (Stripe) or deletes the record (Powertools)</source>
        <translation>store_errors: ошибка обработчика сохраняется и отдаётся повторно как replay (Stripe) или удаляет запись (Powertools)</translation>
    </message>
    <message>
        <source>Max attempts</source>
        <translation>Макс. попыток</translation>
    </message>
    <message>
        <source>retry.max_attempts of every client of the policy</source>
        <translation>retry.max_attempts каждого клиента политики</translation>
    </message>
    <message>
        <source>Client timeout</source>
        <translation>Тайм-аут клиента</translation>
    </message>
    <message>
        <source>timeout_ms of every client of the policy</source>
        <translation>timeout_ms каждого клиента политики</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>Задержка</translation>
    </message>
    <message>
        <source>retry.backoff of every client: constant or exponential</source>
        <translation>retry.backoff каждого клиента: constant или exponential</translation>
    </message>
    <message>
        <source>Jitter</source>
        <translation>Разброс</translation>
    </message>
    <message>
        <source>retry.jitter of every client: none, full, equal or decorrelated</source>
        <translation>retry.jitter каждого клиента: none, full, equal или decorrelated</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Прогон</translation>
    </message>
    <message>
        <source>How far the last run of this policy got</source>
        <translation>Насколько продвинулся последний прогон этой политики</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>Route hop %1: the service block, key rule and call of route[&quot;%1&quot;]</source>
        <translation>Звено маршрута %1: блок service, правило key и вызов route[&quot;%1&quot;]</translation>
    </message>
    <message>
        <source>   TTL</source>
        <translation>   TTL</translation>
    </message>
    <message>
        <source>%1&apos;s service.ttl_ms: how long %1 recognises a key</source>
        <translation>service.ttl_ms звена %1: как долго %1 распознаёт key</translation>
    </message>
    <message>
        <source>   After expiry</source>
        <translation>   По истечении</translation>
    </message>
    <message>
        <source>%1&apos;s service.after_expiry: forget runs an expired key again, tombstone refuses it</source>
        <translation>service.after_expiry звена %1: forget выполняет истёкший key снова, tombstone отклоняет его</translation>
    </message>
    <message>
        <source>   Tombstone</source>
        <translation>   Tombstone</translation>
    </message>
    <message>
        <source>%1&apos;s service.tombstone_ms: how long a swept record&apos;s tombstone still refuses the key</source>
        <translation>service.tombstone_ms звена %1: как долго tombstone удалённой очисткой записи ещё отклоняет key</translation>
    </message>
    <message>
        <source>   Store errors</source>
        <translation>   Ошибки</translation>
    </message>
    <message>
        <source>%1&apos;s service.store_errors: an error after execution began is stored and replayed, or deletes the record</source>
        <translation>service.store_errors звена %1: ошибка после начала выполнения сохраняется и отдаётся повторно как replay или удаляет запись</translation>
    </message>
    <message>
        <source>   Key sent</source>
        <translation>   Key вызова</translation>
    </message>
    <message>
        <source>route key rule: the key the caller sends to %1 — forward (the caller&apos;s), derive (stable, from the caller&apos;s scope and the hop&apos;s name), new (fresh per call: the anti-pattern) or none</source>
        <translation>правило key маршрута: key, который предыдущее звено передаёт звену %1&#xa0;— forward (собственный key предыдущего звена), derive (стабильный, выведенный из scope предыдущего звена и имени этого звена), new (новый на каждый вызов: антипаттерн) или none</translation>
    </message>
    <message>
        <source>This policy&apos;s colour in the storage chart</source>
        <translation>Цвет этой политики на графике объёма хранения</translation>
    </message>
    <message>
        <source>Remove this policy from the review</source>
        <translation>Убрать эту политику из сравнения</translation>
    </message>
    <message>
        <source>forget</source>
        <translation>forget</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>What an expired key means: forget runs it again, tombstone refuses it</source>
        <translation>Что означает истёкший key: forget выполняет его снова, tombstone отклоняет</translation>
    </message>
    <message>
        <source>tombstone_ms: how long a swept record&apos;s tombstone refuses its key</source>
        <translation>tombstone_ms: как долго tombstone удалённой очисткой записи отклоняет её key</translation>
    </message>
    <message>
        <source>stored and replayed</source>
        <translation>сохранять для replay</translation>
    </message>
    <message>
        <source>Checked: a 500 after execution began is stored and replayed; unchecked: the error deletes the record and a retry runs again</source>
        <translation>Включено: ответ 500 после начала выполнения сохраняется и отдаётся повторно как replay; выключено: ошибка удаляет запись, и retry выполняется заново</translation>
    </message>
    <message>
        <source>retry.max_attempts, for every client of this policy</source>
        <translation>retry.max_attempts для каждого клиента этой политики</translation>
    </message>
    <message>
        <source>timeout_ms, for every client of this policy</source>
        <translation>timeout_ms для каждого клиента этой политики</translation>
    </message>
    <message>
        <source>constant</source>
        <translation>constant</translation>
    </message>
    <message>
        <source>exponential</source>
        <translation>exponential</translation>
    </message>
    <message>
        <source>retry.backoff, for every client of this policy</source>
        <translation>retry.backoff для каждого клиента этой политики</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>equal</translation>
    </message>
    <message>
        <source>decorrelated</source>
        <translation>decorrelated</translation>
    </message>
    <message>
        <source>retry.jitter, for every client of this policy</source>
        <translation>retry.jitter для каждого клиента этой политики</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>не запущено</translation>
    </message>
    <message>
        <source>%1 profile</source>
        <translation>профиль %1</translation>
    </message>
    <message>
        <source>%1 profile · %2</source>
        <translation>профиль %1 · %2</translation>
    </message>
    <message>
        <source>— not on this route</source>
        <translation>— нет на этом маршруте</translation>
    </message>
    <message>
        <source>This policy&apos;s route has no hop named %1</source>
        <translation>В маршруте этой политики нет звена %1</translation>
    </message>
    <message>
        <source>%1&apos;s ttl_ms: how long it recognises a key</source>
        <translation>ttl_ms звена %1: как долго оно распознаёт key</translation>
    </message>
    <message>
        <source>What an expired key means at %1: forget runs it again, tombstone refuses it</source>
        <translation>Что означает истёкший key на звене %1: forget выполняет его снова, tombstone отклоняет</translation>
    </message>
    <message>
        <source>%1&apos;s tombstone_ms: how long a swept record&apos;s tombstone refuses its key</source>
        <translation>tombstone_ms звена %1: как долго tombstone удалённой очисткой записи отклоняет её key</translation>
    </message>
    <message>
        <source>Checked: an error at %1 after execution began is stored and replayed; unchecked: it deletes the record and a retry runs again</source>
        <translation>Включено: ошибка на звене %1 после начала выполнения сохраняется и отдаётся повторно как replay; выключено: она удаляет запись, и retry выполняется заново</translation>
    </message>
    <message>
        <source>The key the caller sends to %1: forward, derive, new (a fresh key per call) or none</source>
        <translation>Key, который предыдущее звено передаёт звену %1: forward, derive, new (новый key на каждый вызов) или none</translation>
    </message>
    <message>
        <source>%1 profile%2</source>
        <translation>профиль %1%2</translation>
    </message>
    <message>
        <source> · proxy</source>
        <translation> · прокси</translation>
    </message>
    <message>
        <source>%1 edited since the last run: press Run to update the figures.</source>
        <translation>Политика %1 изменена после последнего прогона: нажмите «Запустить», чтобы обновить показатели.</translation>
    </message>
    <message>
        <source>%1 edited: press Run to compare.</source>
        <translation>Политика %1 изменена: нажмите «Запустить», чтобы сравнить.</translation>
    </message>
    <message>
        <source>edited</source>
        <translation>изменено</translation>
    </message>
    <message>
        <source>A review needs at least two policies: add a scenario file or a preset.</source>
        <translation>Для сравнения нужны хотя бы две политики: добавьте файл сценария или готовый сценарий.</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>ожидание</translation>
    </message>
    <message>
        <source>Running %1 policies on %2 cores…</source>
        <translation>Идёт прогон политик (%1), ядер: %2…</translation>
    </message>
    <message>
        <source>Cancelling: the previous complete figures stay shown…</source>
        <translation>Отмена: остаются показатели предыдущего полного прогона…</translation>
    </message>
    <message>
        <source>Cancelling: the policies that finished keep their figures…</source>
        <translation>Отмена: завершённые политики сохранят свои показатели…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>Cancelled: the figures shown are still those of the previous complete run.</source>
        <translation>Отменено: по-прежнему показаны результаты предыдущего полного прогона.</translation>
    </message>
    <message>
        <source>done in %1 s</source>
        <translation>готово за %1&#xa0;с</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>Cancelled after %1 s: %2 of %3 policies finished and keep their figures.</source>
        <translation>Отменено через %1&#xa0;с: завершено %2 из %3 политик, их показатели сохранены.</translation>
    </message>
    <message>
        <source>%1 policies × %2 intents, seed %3, in %4 s.</source>
        <translation>Политик: %1, намерений в каждой: %2, seed %3, время: %4&#xa0;с.</translation>
    </message>
    <message>
        <source>Time to success (first 2xx seen by the client, from the first send)</source>
        <translation>Время до успеха (первый 2xx, полученный клиентом, от первой отправки)</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>seconds, log scale</source>
        <translation>секунды, логарифмическая шкала</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <source>no intent succeeded</source>
        <translation>нет успешных намерений</translation>
    </message>
    <message>
        <source>Duplicate rate and conflict rate</source>
        <translation>Доля дублей и доля конфликтов</translation>
    </message>
    <message>
        <source>duplicate rate</source>
        <translation>доля дублей</translation>
    </message>
    <message>
        <source>conflict rate</source>
        <translation>доля конфликтов</translation>
    </message>
    <message>
        <source>%1, %2: %3 %</source>
        <translation>%1, %2: %3&#xa0;%</translation>
    </message>
    <message>
        <source>Duplicate rate: % of intents with duplicate effects; conflict rate: % of requests decided</source>
        <translation>Доля дублей: % намерений с дублями эффектов; доля конфликтов: % запросов с решением</translation>
    </message>
    <message>
        <source>Storage held over time (records + tombstones, approximate)</source>
        <translation>Объём хранения во времени (записи + tombstone, приблизительно)</translation>
    </message>
    <message>
        <source>%1 duplicate effects: %2 of %3 intents (%4 %) ran the business action more than once</source>
        <translation>дубли эффектов: %1; у %2 из %3 намерений (%4&#xa0;%) бизнес-действие выполнено больше одного раза</translation>
    </message>
    <message>
        <source>the client&apos;s retry horizon (%1) outlives the retention (%2); later retries meet the tombstone (%3) and are refused for reconciliation</source>
        <translation>горизонт retry клиента (%1) превышает срок хранения (%2); более поздние повторные попытки наталкиваются на tombstone (%3) и отклоняются для сверки</translation>
    </message>
    <message>
        <source>the client&apos;s retry horizon (%1) outlives the retention (%2): a retry after the record expired runs the action again</source>
        <translation>горизонт retry клиента (%1) превышает срок хранения (%2): retry после истечения срока записи снова выполняет действие</translation>
    </message>
    <message>
        <source>calls reach %1 %2 late, past its %3 window</source>
        <translation>вызовы доходят до %1 с опозданием на %2, за пределами окна (%3)</translation>
    </message>
    <message>
        <source>clients return up to %1 later (late_retry faults), beyond what the service remembers (%2)</source>
        <translation>клиенты возвращаются с опозданием до %1 (сбои late_retry), что дольше, чем сервис помнит key (%2)</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>базовая политика</translation>
    </message>
    <message>
        <source>the same policies as %1</source>
        <translation>те же политики, что и у %1</translation>
    </message>
    <message>
        <source>%1 profile, TTL %2, %3, %4</source>
        <translation>профиль %1, TTL %2, %3, %4</translation>
    </message>
    <message>
        <source>errors stored</source>
        <translation>ошибки сохраняются</translation>
    </message>
    <message>
        <source>an error deletes the record</source>
        <translation>ошибка удаляет запись</translation>
    </message>
    <message>
        <source>→ %1: %2 profile, TTL %3, %4, key %5%6</source>
        <translation>→ %1: профиль %2, TTL %3, %4, key %5%6</translation>
    </message>
    <message>
        <source>, a proxy</source>
        <translation>, прокси</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Ошибка: %1</translation>
    </message>
    <message>
        <source>Click to open %1 on its own in the main window</source>
        <translation>Щёлкните, чтобы открыть %1 отдельно в главном окне</translation>
    </message>
    <message>
        <source>&lt;p&gt;Run the review to see what differs from the first policy.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Запустите сравнение, чтобы увидеть отличия от первой политики.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Duplicates (%1)</source>
        <translation>Дубли (%1)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удалось записать %1: %2</translation>
    </message>
    <message>
        <source>Nothing to export yet: run the review first.</source>
        <translation>Экспортировать пока нечего: сначала запустите сравнение.</translation>
    </message>
    <message>
        <source>Export review as Markdown</source>
        <translation>Экспортировать сравнение в Markdown</translation>
    </message>
    <message>
        <source>Export review as JSON</source>
        <translation>Экспортировать сравнение в JSON</translation>
    </message>
    <message>
        <source>Markdown (*.md);;All files (*)</source>
        <translation>Markdown (*.md);;Все файлы (*)</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>Записано: %1</translation>
    </message>
    <message>
        <source>Add policies</source>
        <translation>Добавить политики</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Сценарии (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>virtual time, h</source>
        <translation>виртуальное время, ч</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
    <message>
        <source>The library profiles: the IETF draft, Stripe, express-idempotency 1.0.6 and node-idempotency 1.0.11 over one traffic — two users sending the same key, a retry whose body members come in another order, a retry with another query string. Press Run to compare.</source>
        <translation>Профили библиотек: черновик IETF, Stripe, express-idempotency 1.0.6 и node-idempotency 1.0.11 на одном трафике — два пользователя отправляют один и тот же key, retry с другим порядком членов тела, retry с другой строкой запроса. Нажмите «Запустить», чтобы сравнить.</translation>
    </message>
    <message>
        <source>Cannot load the library profiles&apos; review: %1</source>
        <translation>Не удалось загрузить обзор профилей библиотек: %1</translation>
    </message>
    <message>
        <source>The npm libraries beside the IETF draft and Stripe: express-idempotency 1.0.6 (one key space for every user, 417 for another URL) and node-idempotency 1.0.11 (member order counts, a changed query runs again) under one traffic</source>
        <translation>Библиотеки из npm рядом с черновиком IETF и Stripe: express-idempotency 1.0.6 (одно пространство key для всех пользователей, 417 при другом URL) и node-idempotency 1.0.11 (порядок членов важен, изменённая строка запроса выполняется снова) на одном трафике</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не истекает</translation>
    </message>
    <message>
        <source>ttl_ms: how long the service recognises a key; at 0 it reads &quot;never&quot;: records kept for good (ttl_ms null)</source>
        <translation>ttl_ms: как долго сервис узнаёт key; при 0 показывает «не истекает»: записи хранятся всегда (ttl_ms null)</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>&amp;Примеры</translation>
    </message>
    <message>
        <source>Example reviews built in: a route, and the libraries&apos; profiles</source>
        <translation>Встроенные примеры обзоров: маршрут и профили библиотек</translation>
    </message>
    <message>
        <source>&amp;Library profiles</source>
        <translation>Профили &amp;библиотек</translation>
    </message>
</context>
</TS>
