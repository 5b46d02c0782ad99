<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw::ReviewFiguresModel</name>
    <message>
        <source>%1 B</source>
        <translation>%1&#xa0;Б</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1&#xa0;КіБ</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1&#xa0;МіБ</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1&#xa0;ГіБ</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>none succeeded</source>
        <translation>немає успішних</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>так</translation>
    </message>
    <message>
        <source>no</source>
        <translation>ні</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>скасовано</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>помилка</translation>
    </message>
    <message>
        <source>Requests the service decided with %1</source>
        <translation>Запити, щодо яких сервіс ухвалив рішення %1</translation>
    </message>
    <message>
        <source>%1 (not finished)</source>
        <translation>%1 (не завершено)</translation>
    </message>
    <message>
        <source>Duplicate effects at %1</source>
        <translation>Дублікати ефектів: %1</translation>
    </message>
    <message>
        <source>Intents</source>
        <translation>Наміри</translation>
    </message>
    <message>
        <source>Requests decided</source>
        <translation>Запити з рішенням</translation>
    </message>
    <message>
        <source>Effects</source>
        <translation>Ефекти</translation>
    </message>
    <message>
        <source>Duplicate effects</source>
        <translation>Дублікати ефектів</translation>
    </message>
    <message>
        <source>Duplicate rate</source>
        <translation>Частка дублікатів</translation>
    </message>
    <message>
        <source>Unknown outcome</source>
        <translation>Невідомий результат</translation>
    </message>
    <message>
        <source>Conflict rate</source>
        <translation>Частка конфліктів</translation>
    </message>
    <message>
        <source>Replay rate</source>
        <translation>Частка replay</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Успішні</translation>
    </message>
    <message>
        <source>Time to success p50</source>
        <translation>Час до успіху p50</translation>
    </message>
    <message>
        <source>Time to success p90</source>
        <translation>Час до успіху p90</translation>
    </message>
    <message>
        <source>Time to success p99</source>
        <translation>Час до успіху p99</translation>
    </message>
    <message>
        <source>Retry horizon</source>
        <translation>Горизонт retry</translation>
    </message>
    <message>
        <source>Retention (TTL)</source>
        <translation>Термін зберігання (TTL)</translation>
    </message>
    <message>
        <source>Horizon &gt; retention</source>
        <translation>Горизонт &gt; термін зберігання</translation>
    </message>
    <message>
        <source>Records held (peak)</source>
        <translation>Записи у сховищі (пік)</translation>
    </message>
    <message>
        <source>Tombstones (peak)</source>
        <translation>Tombstone (пік)</translation>
    </message>
    <message>
        <source>Storage (peak, approx.)</source>
        <translation>Обсяг зберігання (пік, прибл.)</translation>
    </message>
    <message>
        <source>Duplicate effects born at %1 (the report&apos;s duplicate_effects_by_hop): executions beyond the first per intent at that hop of the route; — where the policy&apos;s route has no such hop</source>
        <translation>Дублікати ефектів, що виникли на ланці %1 (duplicate_effects_by_hop у звіті): виконання понад перше для кожного наміру на цій ланці маршруту; прочерк (—), якщо в маршруті політики немає такої ланки</translation>
    </message>
    <message>
        <source>Logical operations the clients tried to perform</source>
        <translation>Логічні операції, які намагалися виконати клієнти</translation>
    </message>
    <message>
        <source>Requests that reached a decision in the service (summary.requests)</source>
        <translation>Запити, щодо яких сервіс ухвалив рішення (summary.requests)</translation>
    </message>
    <message>
        <source>Executions of the business action</source>
        <translation>Виконання бізнес-дії</translation>
    </message>
    <message>
        <source>Executions beyond the first per intent — the number that must be 0. Open the Duplicates tab to see each one.</source>
        <translation>Виконання понад перше для кожного наміру&#xa0;— це число має дорівнювати 0. Відкрийте вкладку «Дублікати», щоб побачити кожне з них.</translation>
    </message>
    <message>
        <source>Intents with duplicate effects ÷ intents</source>
        <translation>Наміри з дублікатами ефектів ÷ наміри</translation>
    </message>
    <message>
        <source>Intents whose client never saw a final answer</source>
        <translation>Наміри, клієнт яких так і не отримав остаточної відповіді</translation>
    </message>
    <message>
        <source>(conflict_in_progress + payload_mismatch + expired_rejected) ÷ requests decided</source>
        <translation>(conflict_in_progress + payload_mismatch + expired_rejected) ÷ запити з рішенням</translation>
    </message>
    <message>
        <source>replayed ÷ requests decided</source>
        <translation>replayed ÷ запити з рішенням</translation>
    </message>
    <message>
        <source>Intents whose client saw a 2xx</source>
        <translation>Наміри, клієнт яких отримав 2xx</translation>
    </message>
    <message>
        <source>From the intent&apos;s first send to the first 2xx reaching the client, nearest-rank percentile over the intents that succeeded</source>
        <translation>Від першого надсилання наміру до першого 2xx, що дійшов до клієнта; процентиль за методом найближчого рангу серед успішних намірів</translation>
    </message>
    <message>
        <source>max_attempts × timeout + the largest possible backoff waits: how long after its first send a client may still retry with the same key (the largest of the policy&apos;s clients)</source>
        <translation>max_attempts × timeout + найбільші можливі затримки між спробами: скільки часу після першого надсилання клієнт ще може повторювати запит із тим самим key (найбільше значення серед клієнтів політики)</translation>
    </message>
    <message>
        <source>ttl_ms: how long the service recognises a key</source>
        <translation>ttl_ms: як довго сервіс розпізнає key</translation>
    </message>
    <message>
        <source>Yes when a client may still retry after its record expired: that retry runs as a new request (unless a tombstone refuses it)</source>
        <translation>Значення «так»: клієнт ще може повторити запит після закінчення терміну запису, і такий retry виконується як новий запит (якщо його не відхиляє tombstone)</translation>
    </message>
    <message>
        <source>The most idempotency records the store held at once</source>
        <translation>Найбільша кількість записів ідемпотентності, що одночасно були у сховищі</translation>
    </message>
    <message>
        <source>The most tombstones (compact evidence of expired records) held at once</source>
        <translation>Найбільша кількість tombstone (компактних свідчень про прострочені записи), що одночасно були у сховищі</translation>
    </message>
    <message>
        <source>Approximate bytes at the peak: each row&apos;s text plus 8 bytes per number or time column, without index overhead</source>
        <translation>Приблизний обсяг у байтах на піку: текст кожного рядка плюс 8&#xa0;байтів на кожен числовий стовпець або стовпець часу, без урахування індексів</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не спливає</translation>
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
        <translation>Порівняння політик&#xa0;— Idempotency Workbench</translation>
    </message>
    <message>
        <source>Three policies under the same traffic and faults: press Run to compare them.</source>
        <translation>Три політики за однакового трафіку та збоїв: натисніть «Запустити», щоб порівняти їх.</translation>
    </message>
    <message>
        <source>Add scenario &amp;file…</source>
        <translation>&amp;Додати файл…</translation>
    </message>
    <message>
        <source>Add one or more scenario files as policies to compare, up to four (Ctrl+O)</source>
        <translation>Додати один або кілька файлів сценаріїв як політики для порівняння, загалом не більше чотирьох (Ctrl+O)</translation>
    </message>
    <message>
        <source>Add preset</source>
        <translation>З готових</translation>
    </message>
    <message>
        <source>Presets unavailable: %1</source>
        <translation>Готові сценарії недоступні: %1</translation>
    </message>
    <message>
        <source>Add a preset scenario as a policy (presets with a literal key need Intents per policy set to “as in the files”)</source>
        <translation>Додати готовий сценарій як політику (для готових сценаріїв із явно заданим key установіть у полі «Намірів на політику» значення «як у файлах»)</translation>
    </message>
    <message>
        <source>&amp;Built-in review</source>
        <translation>&amp;Вбудоване</translation>
    </message>
    <message>
        <source>Start again from the built-in review: Stripe-like 24 h, Powertools-like 1 h and a 1 h tombstone variant under the same traffic and faults</source>
        <translation>Почати знову з вбудованого порівняння: як у Stripe (24&#xa0;год), як у Powertools (1&#xa0;год) і варіант із tombstone (1&#xa0;год) за однакового трафіку та збоїв</translation>
    </message>
    <message>
        <source>R&amp;oute review</source>
        <translation>&amp;Маршрут</translation>
    </message>
    <message>
        <source>The example review of a route (service → gateway → provider): 24 h at the service and 1 h at the gateway, against the gateway at 24 h, the gateway rewriting the key and the service at 1 h; the figures count duplicate effects at each hop</source>
        <translation>Приклад порівняння для маршруту (service → gateway → provider): 24&#xa0;год на service і 1&#xa0;год на gateway проти gateway з 24&#xa0;год, gateway, що переписує key, і service з 1&#xa0;год; показники рахують дублікати ефектів на кожній ланці</translation>
    </message>
    <message>
        <source>&amp;Run review</source>
        <translation>&amp;Запустити</translation>
    </message>
    <message>
        <source>Run every policy over the same seeded traffic and faults, on all cores (F5)</source>
        <translation>Запустити кожну політику на тому самому трафіку та збоях (з одним seed) на всіх ядрах (F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Скасувати</translation>
    </message>
    <message>
        <source>Stop the review; the policies that already finished keep their figures (Esc)</source>
        <translation>Зупинити порівняння; уже завершені політики зберігають свої показники (Esc)</translation>
    </message>
    <message>
        <source>Export &amp;Markdown…</source>
        <translation>У &amp;Markdown…</translation>
    </message>
    <message>
        <source>Write the review as Markdown to paste into a design document: figures, what differs, warnings (Ctrl+E)</source>
        <translation>Записати порівняння у форматі Markdown для вставлення в проєктний документ: показники, відмінності, попередження (Ctrl+E)</translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation>У &amp;JSON…</translation>
    </message>
    <message>
        <source>Write the figures as the JSON of the compare command: {&quot;policies&quot;: […]} (Ctrl+Shift+E)</source>
        <translation>Записати показники в JSON у форматі команди compare: {&quot;policies&quot;: […]} (Ctrl+Shift+E)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрити</translation>
    </message>
    <message>
        <source>Close the review window; a running review is cancelled (Ctrl+W)</source>
        <translation>Закрити вікно порівняння; поточне порівняння скасовується (Ctrl+W)</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Порівняння</translation>
    </message>
    <message>
        <source> Intents per policy: </source>
        <translation> Намірів на політику: </translation>
    </message>
    <message>
        <source>as in the files</source>
        <translation>як у файлах</translation>
    </message>
    <message>
        <source>Sets every request entry&apos;s repeat: each repetition is a new intent, so keys must be &quot;auto&quot; or null. “As in the files” keeps each file&apos;s own traffic.</source>
        <translation>Задає repeat кожного запиту в сценарії: кожне повторення&#xa0;— новий намір, тому значення key мають бути &quot;auto&quot; або null. «Як у файлах» зберігає власний трафік кожного файлу.</translation>
    </message>
    <message>
        <source>Intents changed since the last run: press Run to update the figures.</source>
        <translation>Кількість намірів змінилася після останнього прогону: натисніть «Запустити», щоб оновити показники.</translation>
    </message>
    <message>
        <source>Intents started, over all policies</source>
        <translation>Запущені наміри за всіма політиками</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>Політики</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Показники</translation>
    </message>
    <message>
        <source>Click a duplicate-effects figure to list that policy&apos;s duplicates</source>
        <translation>Клацніть показник дублікатів ефектів, щоб побачити список дублікатів цієї політики</translation>
    </message>
    <message>
        <source>What differs</source>
        <translation>Відмінності</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Політика</translation>
    </message>
    <message>
        <source>Intent with duplicate effects</source>
        <translation>Намір із дублікатами ефектів</translation>
    </message>
    <message>
        <source>Click a duplicate to open that intent on its own in the main window</source>
        <translation>Клацніть дублікат, щоб відкрити цей намір окремо в головному вікні</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>Дублікати</translation>
    </message>
    <message>
        <source>A review compares at most %1 policies: remove one first.</source>
        <translation>У порівнянні може бути не більше %1 політик: спочатку вилучіть одну.</translation>
    </message>
    <message>
        <source>Cannot add %1: %2</source>
        <translation>Не вдалося додати %1: %2</translation>
    </message>
    <message>
        <source>Added %1: press Run to compare.</source>
        <translation>Політику %1 додано: натисніть «Запустити», щоб порівняти.</translation>
    </message>
    <message>
        <source>A route review: service → gateway → provider under the same traffic and faults. Each hop&apos;s policy is editable below the client&apos;s; press Run to count duplicates at each hop.</source>
        <translation>Порівняння маршрутів: service → gateway → provider за однакового трафіку та збоїв. Політики ланок налаштовуються нижче; натисніть «Запустити», щоб підрахувати дублікати за ланками.</translation>
    </message>
    <message>
        <source>Cannot load the route review: %1</source>
        <translation>Не вдалося завантажити порівняння маршрутів: %1</translation>
    </message>
    <message>
        <source>The scenario&apos;s name; the first policy is the baseline the others are compared to</source>
        <translation>Назва сценарію; перша політика&#xa0;— базова, з нею порівнюються інші</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Сервіс</translation>
    </message>
    <message>
        <source>The service profile and the file the policy came from</source>
        <translation>Профіль сервісу та файл, з якого взято політику</translation>
    </message>
    <message>
        <source>TTL (retention)</source>
        <translation>TTL (зберігання)</translation>
    </message>
    <message>
        <source>ttl_ms: how long a key is recognised after its claim</source>
        <translation>ttl_ms: як довго key розпізнається після захоплення</translation>
    </message>
    <message>
        <source>After expiry</source>
        <translation>Після закінчення</translation>
    </message>
    <message>
        <source>after_expiry: forget (an expired key runs again) or tombstone (compact evidence refuses it)</source>
        <translation>after_expiry: forget (прострочений key виконується знову) або tombstone (компактне свідчення відхиляє його)</translation>
    </message>
    <message>
        <source>Tombstone</source>
        <translation>Tombstone</translation>
    </message>
    <message>
        <source>tombstone_ms: how long the tombstone of a swept record still refuses the key</source>
        <translation>tombstone_ms: як довго tombstone видаленого очищенням запису ще відхиляє key</translation>
    </message>
    <message>
        <source>Store errors</source>
        <translation>Помилки</translation>
    </message>
    <message>
        <source>store_errors: a handler error is stored and replayed (Stripe) or deletes the record (Powertools)</source>
        <translation>store_errors: помилка обробника зберігається й повертається повторно як replay (Stripe) або видаляє запис (Powertools)</translation>
    </message>
    <message>
        <source>Max attempts</source>
        <translation>Макс. спроб</translation>
    </message>
    <message>
        <source>retry.max_attempts of every client of the policy</source>
        <translation>retry.max_attempts кожного клієнта політики</translation>
    </message>
    <message>
        <source>Client timeout</source>
        <translation>Тайм-аут клієнта</translation>
    </message>
    <message>
        <source>timeout_ms of every client of the policy</source>
        <translation>timeout_ms кожного клієнта політики</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>Затримка</translation>
    </message>
    <message>
        <source>retry.backoff of every client: constant or exponential</source>
        <translation>retry.backoff кожного клієнта: constant або exponential</translation>
    </message>
    <message>
        <source>Jitter</source>
        <translation>Розкид</translation>
    </message>
    <message>
        <source>retry.jitter of every client: none, full, equal or decorrelated</source>
        <translation>retry.jitter кожного клієнта: none, full, equal або decorrelated</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Прогін</translation>
    </message>
    <message>
        <source>How far the last run of this policy got</source>
        <translation>Наскільки просунувся останній прогін цієї політики</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>Route hop %1: the service block, key rule and call of route[&quot;%1&quot;]</source>
        <translation>Ланка маршруту %1: блок service, правило key і виклик route[&quot;%1&quot;]</translation>
    </message>
    <message>
        <source>   TTL</source>
        <translation>   TTL</translation>
    </message>
    <message>
        <source>%1&apos;s service.ttl_ms: how long %1 recognises a key</source>
        <translation>service.ttl_ms ланки %1: як довго %1 розпізнає key</translation>
    </message>
    <message>
        <source>   After expiry</source>
        <translation>   Після закінчення</translation>
    </message>
    <message>
        <source>%1&apos;s service.after_expiry: forget runs an expired key again, tombstone refuses it</source>
        <translation>service.after_expiry ланки %1: forget виконує прострочений key знову, tombstone відхиляє його</translation>
    </message>
    <message>
        <source>   Tombstone</source>
        <translation>   Tombstone</translation>
    </message>
    <message>
        <source>%1&apos;s service.tombstone_ms: how long a swept record&apos;s tombstone still refuses the key</source>
        <translation>service.tombstone_ms ланки %1: як довго tombstone видаленого очищенням запису ще відхиляє key</translation>
    </message>
    <message>
        <source>   Store errors</source>
        <translation>   Помилки</translation>
    </message>
    <message>
        <source>%1&apos;s service.store_errors: an error after execution began is stored and replayed, or deletes the record</source>
        <translation>service.store_errors ланки %1: помилка після початку виконання зберігається й повертається повторно як replay або видаляє запис</translation>
    </message>
    <message>
        <source>   Key sent</source>
        <translation>   Key виклику</translation>
    </message>
    <message>
        <source>route key rule: the key the caller sends to %1 — forward (the caller&apos;s), derive (stable, from the caller&apos;s scope and the hop&apos;s name), new (fresh per call: the anti-pattern) or none</source>
        <translation>правило key маршруту: key, який попередня ланка передає ланці %1&#xa0;— forward (власний key попередньої ланки), derive (стабільний, виведений зі scope попередньої ланки та назви цієї ланки), new (новий для кожного виклику: антипатерн) або none</translation>
    </message>
    <message>
        <source>This policy&apos;s colour in the storage chart</source>
        <translation>Колір цієї політики на графіку обсягу зберігання</translation>
    </message>
    <message>
        <source>Remove this policy from the review</source>
        <translation>Вилучити цю політику з порівняння</translation>
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
        <translation>Що означає прострочений key: forget виконує його знову, tombstone відхиляє</translation>
    </message>
    <message>
        <source>tombstone_ms: how long a swept record&apos;s tombstone refuses its key</source>
        <translation>tombstone_ms: як довго tombstone видаленого очищенням запису відхиляє його key</translation>
    </message>
    <message>
        <source>stored and replayed</source>
        <translation>зберігати для replay</translation>
    </message>
    <message>
        <source>Checked: a 500 after execution began is stored and replayed; unchecked: the error deletes the record and a retry runs again</source>
        <translation>Увімкнено: відповідь 500 після початку виконання зберігається й повертається повторно як replay; вимкнено: помилка видаляє запис, і retry виконується знову</translation>
    </message>
    <message>
        <source>retry.max_attempts, for every client of this policy</source>
        <translation>retry.max_attempts для кожного клієнта цієї політики</translation>
    </message>
    <message>
        <source>timeout_ms, for every client of this policy</source>
        <translation>timeout_ms для кожного клієнта цієї політики</translation>
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
        <translation>retry.backoff для кожного клієнта цієї політики</translation>
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
        <translation>retry.jitter для кожного клієнта цієї політики</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>не запущено</translation>
    </message>
    <message>
        <source>%1 profile</source>
        <translation>профіль %1</translation>
    </message>
    <message>
        <source>%1 profile · %2</source>
        <translation>профіль %1 · %2</translation>
    </message>
    <message>
        <source>— not on this route</source>
        <translation>— немає на цьому маршруті</translation>
    </message>
    <message>
        <source>This policy&apos;s route has no hop named %1</source>
        <translation>У маршруті цієї політики немає ланки %1</translation>
    </message>
    <message>
        <source>%1&apos;s ttl_ms: how long it recognises a key</source>
        <translation>ttl_ms ланки %1: як довго вона розпізнає key</translation>
    </message>
    <message>
        <source>What an expired key means at %1: forget runs it again, tombstone refuses it</source>
        <translation>Що означає прострочений key на ланці %1: forget виконує його знову, tombstone відхиляє</translation>
    </message>
    <message>
        <source>%1&apos;s tombstone_ms: how long a swept record&apos;s tombstone refuses its key</source>
        <translation>tombstone_ms ланки %1: як довго tombstone видаленого очищенням запису відхиляє його key</translation>
    </message>
    <message>
        <source>Checked: an error at %1 after execution began is stored and replayed; unchecked: it deletes the record and a retry runs again</source>
        <translation>Увімкнено: помилка на ланці %1 після початку виконання зберігається й повертається повторно як replay; вимкнено: вона видаляє запис, і retry виконується знову</translation>
    </message>
    <message>
        <source>The key the caller sends to %1: forward, derive, new (a fresh key per call) or none</source>
        <translation>Key, який попередня ланка передає ланці %1: forward, derive, new (новий key для кожного виклику) або none</translation>
    </message>
    <message>
        <source>%1 profile%2</source>
        <translation>профіль %1%2</translation>
    </message>
    <message>
        <source> · proxy</source>
        <translation> · проксі</translation>
    </message>
    <message>
        <source>%1 edited since the last run: press Run to update the figures.</source>
        <translation>Політику %1 змінено після останнього прогону: натисніть «Запустити», щоб оновити показники.</translation>
    </message>
    <message>
        <source>%1 edited: press Run to compare.</source>
        <translation>Політику %1 змінено: натисніть «Запустити», щоб порівняти.</translation>
    </message>
    <message>
        <source>edited</source>
        <translation>змінено</translation>
    </message>
    <message>
        <source>A review needs at least two policies: add a scenario file or a preset.</source>
        <translation>Для порівняння потрібні щонайменше дві політики: додайте файл сценарію або готовий сценарій.</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>очікування</translation>
    </message>
    <message>
        <source>Running %1 policies on %2 cores…</source>
        <translation>Триває прогін політик (%1), ядер: %2…</translation>
    </message>
    <message>
        <source>Cancelling: the previous complete figures stay shown…</source>
        <translation>Скасування: залишаються показники попереднього повного прогону…</translation>
    </message>
    <message>
        <source>Cancelling: the policies that finished keep their figures…</source>
        <translation>Скасування: завершені політики збережуть свої показники…</translation>
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
        <translation>скасовано</translation>
    </message>
    <message>
        <source>Cancelled: the figures shown are still those of the previous complete run.</source>
        <translation>Скасовано: як і раніше, показано результати попереднього повного прогону.</translation>
    </message>
    <message>
        <source>done in %1 s</source>
        <translation>готово за %1&#xa0;с</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>помилка</translation>
    </message>
    <message>
        <source>Cancelled after %1 s: %2 of %3 policies finished and keep their figures.</source>
        <translation>Скасовано через %1&#xa0;с: завершено %2 з %3 політик, їхні показники збережено.</translation>
    </message>
    <message>
        <source>%1 policies × %2 intents, seed %3, in %4 s.</source>
        <translation>Політик: %1, намірів у кожній: %2, seed %3, час: %4&#xa0;с.</translation>
    </message>
    <message>
        <source>Time to success (first 2xx seen by the client, from the first send)</source>
        <translation>Час до успіху (перший 2xx, отриманий клієнтом, від першого надсилання)</translation>
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
        <translation>секунди, логарифмічна шкала</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <source>no intent succeeded</source>
        <translation>немає успішних намірів</translation>
    </message>
    <message>
        <source>Duplicate rate and conflict rate</source>
        <translation>Частка дублікатів і частка конфліктів</translation>
    </message>
    <message>
        <source>duplicate rate</source>
        <translation>частка дублікатів</translation>
    </message>
    <message>
        <source>conflict rate</source>
        <translation>частка конфліктів</translation>
    </message>
    <message>
        <source>%1, %2: %3 %</source>
        <translation>%1, %2: %3&#xa0;%</translation>
    </message>
    <message>
        <source>Duplicate rate: % of intents with duplicate effects; conflict rate: % of requests decided</source>
        <translation>Частка дублікатів: % намірів із дублікатами ефектів; частка конфліктів: % запитів із рішенням</translation>
    </message>
    <message>
        <source>Storage held over time (records + tombstones, approximate)</source>
        <translation>Обсяг зберігання в часі (записи + tombstone, приблизно)</translation>
    </message>
    <message>
        <source>%1 duplicate effects: %2 of %3 intents (%4 %) ran the business action more than once</source>
        <translation>дублікати ефектів: %1; у %2 з %3 намірів (%4&#xa0;%) бізнес-дію виконано більше ніж один раз</translation>
    </message>
    <message>
        <source>the client&apos;s retry horizon (%1) outlives the retention (%2); later retries meet the tombstone (%3) and are refused for reconciliation</source>
        <translation>горизонт retry клієнта (%1) перевищує термін зберігання (%2); пізніші повторні спроби натрапляють на tombstone (%3) і відхиляються для звіряння</translation>
    </message>
    <message>
        <source>the client&apos;s retry horizon (%1) outlives the retention (%2): a retry after the record expired runs the action again</source>
        <translation>горизонт retry клієнта (%1) перевищує термін зберігання (%2): retry після закінчення терміну запису знову виконує дію</translation>
    </message>
    <message>
        <source>calls reach %1 %2 late, past its %3 window</source>
        <translation>виклики доходять до %1 із запізненням на %2, поза вікном (%3)</translation>
    </message>
    <message>
        <source>clients return up to %1 later (late_retry faults), beyond what the service remembers (%2)</source>
        <translation>клієнти повертаються із запізненням до %1 (збої late_retry), що довше, ніж сервіс пам’ятає key (%2)</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>базова політика</translation>
    </message>
    <message>
        <source>the same policies as %1</source>
        <translation>ті самі політики, що й у %1</translation>
    </message>
    <message>
        <source>%1 profile, TTL %2, %3, %4</source>
        <translation>профіль %1, TTL %2, %3, %4</translation>
    </message>
    <message>
        <source>errors stored</source>
        <translation>помилки зберігаються</translation>
    </message>
    <message>
        <source>an error deletes the record</source>
        <translation>помилка видаляє запис</translation>
    </message>
    <message>
        <source>→ %1: %2 profile, TTL %3, %4, key %5%6</source>
        <translation>→ %1: профіль %2, TTL %3, %4, key %5%6</translation>
    </message>
    <message>
        <source>, a proxy</source>
        <translation>, проксі</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Помилка: %1</translation>
    </message>
    <message>
        <source>Click to open %1 on its own in the main window</source>
        <translation>Клацніть, щоб відкрити %1 окремо в головному вікні</translation>
    </message>
    <message>
        <source>&lt;p&gt;Run the review to see what differs from the first policy.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Запустіть порівняння, щоб побачити відмінності від першої політики.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Duplicates (%1)</source>
        <translation>Дублікати (%1)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не вдалося записати %1: %2</translation>
    </message>
    <message>
        <source>Nothing to export yet: run the review first.</source>
        <translation>Експортувати поки нічого: спочатку запустіть порівняння.</translation>
    </message>
    <message>
        <source>Export review as Markdown</source>
        <translation>Експортувати порівняння в Markdown</translation>
    </message>
    <message>
        <source>Export review as JSON</source>
        <translation>Експортувати порівняння в JSON</translation>
    </message>
    <message>
        <source>Markdown (*.md);;All files (*)</source>
        <translation>Markdown (*.md);;Усі файли (*)</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Усі файли (*)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>Записано: %1</translation>
    </message>
    <message>
        <source>Add policies</source>
        <translation>Додати політики</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Сценарії (*.json);;Усі файли (*)</translation>
    </message>
    <message>
        <source>virtual time, h</source>
        <translation>віртуальний час, год</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МіБ</translation>
    </message>
    <message>
        <source>The library profiles: the IETF draft, Stripe, express-idempotency 1.0.6 and node-idempotency 1.0.11 over one traffic — two users sending the same key, a retry whose body members come in another order, a retry with another query string. Press Run to compare.</source>
        <translation>Профілі бібліотек: чернетка IETF, Stripe, express-idempotency 1.0.6 і node-idempotency 1.0.11 на одному трафіку — два користувачі надсилають той самий key, retry з іншим порядком членів тіла, retry з іншим рядком запиту. Натисніть «Запустити», щоб порівняти.</translation>
    </message>
    <message>
        <source>Cannot load the library profiles&apos; review: %1</source>
        <translation>Не вдалося завантажити огляд профілів бібліотек: %1</translation>
    </message>
    <message>
        <source>The npm libraries beside the IETF draft and Stripe: express-idempotency 1.0.6 (one key space for every user, 417 for another URL) and node-idempotency 1.0.11 (member order counts, a changed query runs again) under one traffic</source>
        <translation>Бібліотеки з npm поруч із чернеткою IETF і Stripe: express-idempotency 1.0.6 (один простір key для всіх користувачів, 417 при іншому URL) і node-idempotency 1.0.11 (порядок членів важливий, змінений рядок запиту виконується знову) на одному трафіку</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не спливає</translation>
    </message>
    <message>
        <source>ttl_ms: how long the service recognises a key; at 0 it reads &quot;never&quot;: records kept for good (ttl_ms null)</source>
        <translation>ttl_ms: як довго сервіс розпізнає key; при 0 показує «не спливає»: записи зберігаються завжди (ttl_ms null)</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>&amp;Приклади</translation>
    </message>
    <message>
        <source>Example reviews built in: a route, and the libraries&apos; profiles</source>
        <translation>Вбудовані приклади оглядів: маршрут і профілі бібліотек</translation>
    </message>
    <message>
        <source>&amp;Library profiles</source>
        <translation>Профілі &amp;бібліотек</translation>
    </message>
</context>
</TS>
