<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ProbeText</name>
    <message>
        <source>A token, the same key quoted, a %1-character key and an empty key: which the service accepts, and whether &quot;k&quot; and k are one key</source>
        <translation>Токен, тот же key в кавычках, key из %1 символов и пустой key: что сервис принимает и один ли это key — &quot;k&quot; и k</translation>
    </message>
    <message>
        <source>The body without an Idempotency-Key</source>
        <translation>Тело без Idempotency-Key</translation>
    </message>
    <message>
        <source>The body twice with one key: the same status and body bytes, Location and Content-Type kept</source>
        <translation>Тело дважды с одним key: тот же статус и те же байты тела, Location и Content-Type сохранены</translation>
    </message>
    <message>
        <source>The key again with a changed significant field: refused</source>
        <translation>Тот же key с изменённым значимым полем: отказ</translation>
    </message>
    <message>
        <source>The key again with a changed display-only field: still a replay</source>
        <translation>Тот же key с изменённым полем только для отображения: всё ещё replay</translation>
    </message>
    <message>
        <source>%1 requests with one key at once: one execution, never a 5xx</source>
        <translation>%1 запросов с одним key одновременно: одно выполнение, никогда не 5xx</translation>
    </message>
    <message>
        <source>The slow body, and the same again 50 ms later while the first still runs</source>
        <translation>Медленное тело и оно же через 50 мс, пока первое ещё выполняется</translation>
    </message>
    <message>
        <source>A request sent whole and its connection closed without reading a byte, then retries with the same key: the first&apos;s result, one execution</source>
        <translation>Запрос отправлен целиком, соединение закрыто, не прочитав ни байта, затем retry с тем же key: результат первого, одно выполнение</translation>
    </message>
    <message>
        <source>The same key from another user: neither reads nor blocks the first&apos;s result</source>
        <translation>Тот же key от другого пользователя: не читает и не блокирует результат первого</translation>
    </message>
    <message>
        <source>A body that is not JSON, then the fixed body with the same key</source>
        <translation>Тело, которое не JSON, затем исправленное тело с тем же key</translation>
    </message>
    <message>
        <source>Needs a significant field (one that decides the effect).</source>
        <translation>Нужно значимое поле (то, что определяет эффект).</translation>
    </message>
    <message>
        <source>Needs a display-only field (one that does not decide the effect).</source>
        <translation>Нужно поле только для отображения (то, что не определяет эффект).</translation>
    </message>
    <message>
        <source>Needs a slow body (one the service takes a while to handle).</source>
        <translation>Нужно медленное тело (то, которое сервис обрабатывает долго).</translation>
    </message>
    <message>
        <source>Needs another user&apos;s Authorization.</source>
        <translation>Нужен Authorization другого пользователя.</translation>
    </message>
    <message>
        <source>Cannot run with these fields.</source>
        <translation>Не может выполниться с этими полями.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>pass</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>fail</translation>
    </message>
    <message>
        <source>unobservable</source>
        <translation>unobservable</translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation>not applicable</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>получен ответ</translation>
    </message>
    <message>
        <source>closed before reading the answer</source>
        <translation>закрыт до чтения ответа</translation>
    </message>
    <message>
        <source>the server closed the connection without an answer</source>
        <translation>сервер закрыл соединение без ответа</translation>
    </message>
    <message>
        <source>no answer before the deadline</source>
        <translation>нет ответа до срока</translation>
    </message>
    <message>
        <source>no connection could be made</source>
        <translation>соединение не установлено</translation>
    </message>
    <message>
        <source>the TLS handshake failed</source>
        <translation>рукопожатие TLS не удалось</translation>
    </message>
    <message>
        <source>the answer is not HTTP</source>
        <translation>ответ — не HTTP</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменён</translation>
    </message>
</context>
<context>
    <name>iw::ProbeDialog</name>
    <message>
        <source>Probe a Service — Idempotency Workbench</source>
        <translation>Проверка сервиса — Idempotency Workbench</translation>
    </message>
    <message>
        <source>Sends the six-step route&apos;s checks to your endpoint from outside and compares what it answers with every profile. Every request may create a real effect: probe a test instance.</source>
        <translation>Отправляет проверки шестишагового маршрута на ваш endpoint снаружи и сравнивает ответы с каждым профилем. Каждый запрос может создать настоящий эффект: проверяйте тестовый экземпляр.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Метод:</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>&amp;Заголовки:</translation>
    </message>
    <message>
        <source>&amp;Authorization:</source>
        <translation>&amp;Authorization:</translation>
    </message>
    <message>
        <source>Another &amp;user&apos;s Authorization:</source>
        <translation>Authorization другого &amp;пользователя:</translation>
    </message>
    <message>
        <source>&amp;Body (JSON):</source>
        <translation>&amp;Тело (JSON):</translation>
    </message>
    <message>
        <source>&amp;Significant fields:</source>
        <translation>З&amp;начимые поля:</translation>
    </message>
    <message>
        <source>&amp;Display-only fields:</source>
        <translation>Поля только для &amp;отображения:</translation>
    </message>
    <message>
        <source>&amp;Result id:</source>
        <translation>&amp;Result id:</translation>
    </message>
    <message>
        <source>S&amp;low body (JSON):</source>
        <translation>Ме&amp;дленное тело (JSON):</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>&amp;Параллельно:</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>&amp;Срок:</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>П&amp;рофиль:</translation>
    </message>
    <message>
        <source>&amp;Checks:</source>
        <translation>Про&amp;верки:</translation>
    </message>
    <message>
        <source>The endpoint that creates the effect, http:// or https://</source>
        <translation>Endpoint, который создаёт эффект, http:// или https://</translation>
    </message>
    <message>
        <source>One &quot;Name: value&quot; per line, sent with every request</source>
        <translation>По одному &quot;Name: value&quot; в строке, отправляются с каждым запросом</translation>
    </message>
    <message>
        <source>Name: value, one per line</source>
        <translation>Name: value, по одному в строке</translation>
    </message>
    <message>
        <source>Sent as the Authorization header; never shown in the window, the reports or the scenario</source>
        <translation>Отправляется в заголовке Authorization; никогда не показывается в окне, отчётах и сценарии</translation>
    </message>
    <message>
        <source>Another user&apos;s credential: other_actor checks that the same key from them neither reads nor blocks the first user&apos;s result</source>
        <translation>Учётные данные другого пользователя: other_actor проверяет, что тот же key от него не читает и не блокирует результат первого</translation>
    </message>
    <message>
        <source>JSON Pointers, such as /amount</source>
        <translation>JSON Pointer, например /amount</translation>
    </message>
    <message>
        <source>Fields that decide the effect: changing one under a used key must be refused</source>
        <translation>Поля, которые определяют эффект: изменение под использованным key должно быть отклонено</translation>
    </message>
    <message>
        <source>JSON Pointers, such as /note</source>
        <translation>JSON Pointer, например /note</translation>
    </message>
    <message>
        <source>Fields that do not decide the effect: changing one is still a replay</source>
        <translation>Поля, которые не определяют эффект: после изменения это всё ещё replay</translation>
    </message>
    <message>
        <source>a JSON Pointer, such as /id</source>
        <translation>JSON Pointer, например /id</translation>
    </message>
    <message>
        <source>Where a success&apos;s body carries the created effect&apos;s id: the same id in every success means one execution</source>
        <translation>Где тело успешного ответа несёт id созданного эффекта: один и тот же id в каждом успехе значит одно выполнение</translation>
    </message>
    <message>
        <source>A body the service takes a while to handle, for retry_while_running</source>
        <translation>Тело, которое сервис обрабатывает долго, для retry_while_running</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>The deadline of every request</source>
        <translation>Срок каждого запроса</translation>
    </message>
    <message>
        <source>auto (the nearest)</source>
        <translation>auto (ближайший)</translation>
    </message>
    <message>
        <source>The profile the verdicts are judged against; every profile is compared anyway</source>
        <translation>Профиль, по которому выносятся вердикты; сравниваются всё равно все профили</translation>
    </message>
    <message>
        <source>&amp;Watch the service&apos;s idempotency table (PostgreSQL, read-only)</source>
        <translation>&amp;Следить за таблицей идемпотентности сервиса (PostgreSQL, только чтение)</translation>
    </message>
    <message>
        <source>Conninfo:</source>
        <translation>Conninfo:</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Таблица:</translation>
    </message>
    <message>
        <source>Mapping:</source>
        <translation>Сопоставление:</translation>
    </message>
    <message>
        <source>seed, brandur, powertools or a mapping file</source>
        <translation>seed, brandur, powertools или файл сопоставления</translation>
    </message>
    <message>
        <source>Probe it anyway: every request may create a real effect there</source>
        <translation>Всё равно проверить: каждый запрос может создать там настоящий эффект</translation>
    </message>
    <message>
        <source>Plan: %1</source>
        <translation>План: %1</translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n check(s), </source>
        <translation>
            <numerusform>План: %n проверка, </numerusform>
            <numerusform>План: %n проверки, </numerusform>
            <numerusform>План: %n проверок, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at most %n request(s).</source>
        <translation>
            <numerusform>не более %n запроса.</numerusform>
            <numerusform>не более %n запросов.</numerusform>
            <numerusform>не более %n запросов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s) cannot run with these fields.</source>
        <translation>
            <numerusform>%n проверка не может выполниться с этими полями.</numerusform>
            <numerusform>%n проверки не могут выполниться с этими полями.</numerusform>
            <numerusform>%n проверок не могут выполниться с этими полями.</numerusform>
        </translation>
    </message>
    <message>
        <source>Method: an HTTP method in capitals (POST, PUT, PATCH…), not &quot;%1&quot;.</source>
        <translation>Метод: HTTP-метод заглавными буквами (POST, PUT, PATCH…), а не &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Headers, line %1: &quot;Name: value&quot; with a header name.</source>
        <translation>Заголовки, строка %1: &quot;Name: value&quot; с именем заголовка.</translation>
    </message>
    <message>
        <source>Headers, line %1: the probe sets %2 itself.</source>
        <translation>Заголовки, строка %1: %2 проверка задаёт сама.</translation>
    </message>
    <message>
        <source>%1 is not JSON (line %2, column %3): %4</source>
        <translation>%1 — не JSON (строка %2, столбец %3): %4</translation>
    </message>
    <message>
        <source>The body</source>
        <translation>Тело</translation>
    </message>
    <message>
        <source>The slow body</source>
        <translation>Медленное тело</translation>
    </message>
    <message>
        <source>Significant fields: %1: %2</source>
        <translation>Значимые поля: %1: %2</translation>
    </message>
    <message>
        <source>Display-only fields: %1: %2</source>
        <translation>Поля только для отображения: %1: %2</translation>
    </message>
    <message>
        <source>%1 is both a significant and a display-only field.</source>
        <translation>%1 — одновременно значимое поле и поле только для отображения.</translation>
    </message>
    <message>
        <source>Result id: %1</source>
        <translation>Result id: %1</translation>
    </message>
    <message>
        <source>Checks: choose at least one.</source>
        <translation>Проверки: выберите хотя бы одну.</translation>
    </message>
    <message>
        <source>The plan would send %1 requests, more than %2: lower the concurrency or choose fewer checks.</source>
        <translation>План отправил бы %1 запросов, больше %2: уменьшите параллельность или выберите меньше проверок.</translation>
    </message>
    <message>
        <source>URL: %1</source>
        <translation>URL: %1</translation>
    </message>
    <message>
        <source>URL: %1: the target cannot be reached.</source>
        <translation>URL: %1: цель недоступна.</translation>
    </message>
    <message>
        <source>%1 is not a loopback or private address (%2): every request may create a real effect there. Tick the box above to probe it anyway.</source>
        <translation>%1 — не loopback и не частный адрес (%2): каждый запрос может создать там настоящий эффект. Отметьте флажок выше, чтобы всё равно проверить.</translation>
    </message>
    <message>
        <source>&amp;Probe</source>
        <translation>&amp;Проверить</translation>
    </message>
    <message>
        <source>host=… dbname=… user=… (empty: the PG* variables)</source>
        <translation>host=… dbname=… user=… (пусто: переменные PG*)</translation>
    </message>
    <message>
        <source>the host &quot;%1&quot; did not resolve within 15 s</source>
        <translation>имя &quot;%1&quot; не разрешилось за 15 с</translation>
    </message>
</context>
<context>
    <name>iw::ProbeLauncher</name>
    <message>
        <source>Probe a &amp;Service…</source>
        <translation>Проверить &amp;сервис…</translation>
    </message>
    <message>
        <source>Run the six-step route&apos;s checks against your own HTTP endpoint and read which profile it behaves like</source>
        <translation>Выполнить проверки шестишагового маршрута на вашем HTTP endpoint и узнать, на какой профиль он похож</translation>
    </message>
</context>
<context>
    <name>iw::ProbeWindow</name>
    <message>
        <source>Cannot watch the table: %1</source>
        <translation>Не удаётся следить за таблицей: %1</translation>
    </message>
    <message>
        <source>%1: the target cannot be reached.</source>
        <translation>%1: цель недоступна.</translation>
    </message>
    <message>
        <source>(empty key)</source>
        <translation>(пустой key)</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>Select an answer on the timeline to see the exchange whole.</source>
        <translation>Выберите ответ на временной шкале, чтобы увидеть обмен целиком.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Sent at %1 ms; %2 at %3 ms.</source>
        <translation>Отправлен на %1 мс; %2 на %3 мс.</translation>
    </message>
    <message>
        <source>User: %1</source>
        <translation>Пользователь: %1</translation>
    </message>
    <message>
        <source>No answer: %1.</source>
        <translation>Нет ответа: %1.</translation>
    </message>
    <message>
        <source>The watched table&apos;s row of this key:</source>
        <translation>Строка этого key в отслеживаемой таблице:</translation>
    </message>
    <message>
        <source>  at %1 ms: %2</source>
        <translation>  на %1 мс: %2</translation>
    </message>
    <message>
        <source>status %1</source>
        <translation>статус %1</translation>
    </message>
    <message>
        <source>result id %1</source>
        <translation>result id %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;The card is drawn when the probe ends.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Карточка появится, когда проверка закончится.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Verdicts against &lt;b&gt;%1&lt;/b&gt; (chosen).</source>
        <translation>Вердикты по профилю &lt;b&gt;%1&lt;/b&gt; (выбран).</translation>
    </message>
    <message>
        <source>Verdicts against &lt;b&gt;%1&lt;/b&gt; (the nearest profile).</source>
        <translation>Вердикты по профилю &lt;b&gt;%1&lt;/b&gt; (ближайший).</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Вердикт</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>Поведение</translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation>Профили</translation>
    </message>
    <message>
        <source>Matches: %1.</source>
        <translation>Совпадает с: %1.</translation>
    </message>
    <message>
        <source>Matches no profile. Nearest: &lt;b&gt;%1&lt;/b&gt;; its differences:</source>
        <translation>Не совпадает ни с одним профилем. Ближайший: &lt;b&gt;%1&lt;/b&gt;; отличия:</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Примечания</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>выполняется…</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n request(s)</source>
        <translation>
            <numerusform>Отменено после %n запроса</numerusform>
            <numerusform>Отменено после %n запросов</numerusform>
            <numerusform>Отменено после %n запросов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished: %n request(s)</source>
        <translation>
            <numerusform>Готово: %n запрос</numerusform>
            <numerusform>Готово: %n запроса</numerusform>
            <numerusform>Готово: %n запросов</numerusform>
        </translation>
    </message>
    <message>
        <source> in %1 s.</source>
        <translation> за %1 с.</translation>
    </message>
    <message>
        <source>Cancelling: the request in flight ends within 200 ms…</source>
        <translation>Отмена: текущий запрос завершится в пределах 200 мс…</translation>
    </message>
    <message>
        <source>%1 of at most %2 requests sent</source>
        <translation>Отправлено %1 из не более %2 запросов</translation>
    </message>
    <message>
        <source>; running %1.</source>
        <translation>; выполняется %1.</translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n request(s) at most.</source>
        <translation>
            <numerusform>План: не более %n запроса.</numerusform>
            <numerusform>План: не более %n запросов.</numerusform>
            <numerusform>План: не более %n запросов.</numerusform>
        </translation>
    </message>
    <message>
        <source>Probe of %1 — Idempotency Workbench</source>
        <translation>Проверка %1 — Idempotency Workbench</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>not a loopback or private address: probed as you confirmed</source>
        <translation>не loopback и не частный адрес: проверяется, как вы подтвердили</translation>
    </message>
    <message>
        <source>watching table %1</source>
        <translation>слежение за таблицей %1</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Отменить</translation>
    </message>
    <message>
        <source>Stop the probe after the request in flight (Esc)</source>
        <translation>Остановить проверку после текущего запроса (Esc)</translation>
    </message>
    <message>
        <source>Save as &amp;scenario…</source>
        <translation>Сохранить как &amp;сценарий…</translation>
    </message>
    <message>
        <source>Write the probe&apos;s traffic as a scenario, to replay it under any profile</source>
        <translation>Записать трафик проверки как сценарий, чтобы воспроизвести его под любым профилем</translation>
    </message>
    <message>
        <source>Save &amp;report…</source>
        <translation>Сохранить &amp;отчёт…</translation>
    </message>
    <message>
        <source>Write the probe@1 JSON report, or Markdown for a .md file (Ctrl+S)</source>
        <translation>Записать отчёт probe@1 в JSON или в Markdown для файла .md (Ctrl+S)</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Запросы</translation>
    </message>
    <message>
        <source>What it sends and expects</source>
        <translation>Что отправляет и чего ждёт</translation>
    </message>
    <message>
        <source>&lt;b&gt;Contract card&lt;/b&gt;</source>
        <translation>&lt;b&gt;Карточка контракта&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exchange&lt;/b&gt; (Authorization masked)</source>
        <translation>&lt;b&gt;Обмен&lt;/b&gt; (Authorization скрыт)</translation>
    </message>
    <message>
        <source>The exchanges appear here as they happen, one lane per key.</source>
        <translation>Обмены появляются здесь по мере выполнения, по дорожке на key.</translation>
    </message>
    <message>
        <source>The probe has not finished.</source>
        <translation>Проверка ещё не закончилась.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>Save the probe&apos;s report</source>
        <translation>Сохранить отчёт проверки</translation>
    </message>
    <message>
        <source>probe@1 JSON (*.json);;Markdown (*.md)</source>
        <translation>probe@1 JSON (*.json);;Markdown (*.md)</translation>
    </message>
    <message>
        <source>Saved the report to %1.</source>
        <translation>Отчёт сохранён в %1.</translation>
    </message>
    <message>
        <source>Save the probe&apos;s traffic as a scenario</source>
        <translation>Сохранить трафик проверки как сценарий</translation>
    </message>
    <message>
        <source>Scenario (*.json)</source>
        <translation>Сценарий (*.json)</translation>
    </message>
    <message>
        <source>Saved the scenario to %1.</source>
        <translation>Сценарий сохранён в %1.</translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation>ожидалось: %1</translation>
    </message>
    <message>
        <source>observed: %1</source>
        <translation>наблюдалось: %1</translation>
    </message>
    <message>
        <source>its state column: %1</source>
        <translation>столбец состояния: %1</translation>
    </message>
</context>
</TS>
