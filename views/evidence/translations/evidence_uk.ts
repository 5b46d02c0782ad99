<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw::EvidenceLoader</name>
    <message>
        <source>Unknown profile &quot;%1&quot;.</source>
        <translation>Невідомий профіль «%1».</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a header name.</source>
        <translation>«%1» — не назва заголовка.</translation>
    </message>
    <message>
        <source>The evidence does not fit in memory.</source>
        <translation>Свідчення не вміщуються в пам’яті.</translation>
    </message>
</context>
<context>
    <name>iw::EvidenceOpenDialog</name>
    <message>
        <source>Open Evidence</source>
        <translation>Відкрити свідчення</translation>
    </message>
    <message>
        <source>Access logs (nginx, Envoy, Caddy JSON lines, or combined with the key appended), OpenTelemetry traces (OTLP/JSON) and HAR files are merged on their timestamps and judged against a profile. Gzip files are read as such. Nothing is changed anywhere.</source>
        <translation>Журнали доступу (рядки JSON nginx, Envoy, Caddy або combined із key наприкінці), трасування OpenTelemetry (OTLP/JSON) і файли HAR зводяться за мітками часу й перевіряються за профілем. Файли gzip читаються як такі. Ніде нічого не змінюється.</translation>
    </message>
    <message>
        <source>Evidence &amp;files:</source>
        <translation>&amp;Файли свідчень:</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Додати…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Прибрати</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>&amp;Профіль:</translation>
    </message>
    <message>
        <source>The idempotency rules the evidence is judged against: statuses, the window, replays</source>
        <translation>Правила ідемпотентності, за якими перевіряються свідчення: статуси, вікно, replay</translation>
    </message>
    <message>
        <source>&amp;Key header:</source>
        <translation>&amp;Заголовок key:</translation>
    </message>
    <message>
        <source>Read a timestamp without a time zone as &amp;UTC (otherwise such a line is skipped and named)</source>
        <translation>Читати час без часового поясу як &amp;UTC (інакше такий рядок пропускається й називається)</translation>
    </message>
    <message>
        <source>The table&apos;s &amp;rows:</source>
        <translation>&amp;Рядки таблиці:</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Немає</translation>
    </message>
    <message>
        <source>From a file written by inspect --json</source>
        <translation>З файлу, записаного inspect --json</translation>
    </message>
    <message>
        <source>Read live from PostgreSQL (read-only)</source>
        <translation>Прочитати з PostgreSQL (лише читання)</translation>
    </message>
    <message>
        <source>inspection.json</source>
        <translation>inspection.json</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Огляд…</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>&amp;Підключення:</translation>
    </message>
    <message>
        <source>host=db.internal dbname=app user=readonly</source>
        <translation>host=db.internal dbname=app user=readonly</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Па&amp;роль:</translation>
    </message>
    <message>
        <source>not saved</source>
        <translation>не зберігається</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>&amp;Таблиця:</translation>
    </message>
    <message>
        <source>request_idempotency</source>
        <translation>request_idempotency</translation>
    </message>
    <message>
        <source>&amp;Mapping:</source>
        <translation>&amp;Зіставлення:</translation>
    </message>
    <message>
        <source>Through a transaction &amp;pooler</source>
        <translation>Через &amp;пулер транзакцій</translation>
    </message>
    <message>
        <source>Add Evidence Files</source>
        <translation>Додати файли свідчень</translation>
    </message>
    <message>
        <source>Evidence (*.log *.jsonl *.json *.har *.gz *.txt);;All files (*)</source>
        <translation>Свідчення (*.log *.jsonl *.json *.har *.gz *.txt);;Усі файли (*)</translation>
    </message>
    <message>
        <source>The Table&apos;s Rows</source>
        <translation>Рядки таблиці</translation>
    </message>
    <message>
        <source>inspect --json output (*.json);;All files (*)</source>
        <translation>Вивід inspect --json (*.json);;Усі файли (*)</translation>
    </message>
    <message>
        <source>Add at least one evidence file.</source>
        <translation>Додайте хоча б один файл свідчень.</translation>
    </message>
    <message>
        <source>Name the file written by inspect --json, or choose no rows.</source>
        <translation>Укажіть файл, записаний inspect --json, або виберіть «Немає».</translation>
    </message>
    <message>
        <source>Name the idempotency table to read.</source>
        <translation>Укажіть таблицю ідемпотентності, яку читати.</translation>
    </message>
</context>
<context>
    <name>iw::EvidenceWindow</name>
    <message>
        <source>Reading was cancelled; nothing new is shown.</source>
        <translation>Читання скасовано; нічого нового не показано.</translation>
    </message>
    <message>
        <source>Evidence — %1</source>
        <translation>Свідчення — %1</translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n файл</numerusform>
            <numerusform>%n файли</numerusform>
            <numerusform>%n файлів</numerusform>
        </translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Свідчення</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Violations</source>
        <translation>&amp;Порушення</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Часова шкала</translation>
    </message>
    <message>
        <source>&amp;Open Evidence…</source>
        <translation>&amp;Відкрити свідчення…</translation>
    </message>
    <message>
        <source>Read access logs, traces and HAR files and judge them against a profile</source>
        <translation>Прочитати журнали доступу, трасування й файли HAR і перевірити їх за профілем</translation>
    </message>
    <message>
        <source>&amp;Save Report…</source>
        <translation>&amp;Зберегти звіт…</translation>
    </message>
    <message>
        <source>Write what the evidence shows as reconstruct@1 JSON (whole, or not at all)</source>
        <translation>Записати те, що показують свідчення, як JSON reconstruct@1 (повністю або ніяк)</translation>
    </message>
    <message>
        <source>&amp;Replay as Scenario</source>
        <translation>&amp;Відтворити як сценарій</translation>
    </message>
    <message>
        <source>Open the incident in the workbench as a scenario that replays it: run it, compare it under other policies, explore around it</source>
        <translation>Відкрити інцидент у робочому вікні як сценарій, що його відтворює: запустити, порівняти за інших політик, дослідити навколо</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрити</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Скасувати</translation>
    </message>
    <message>
        <source>Stop reading; the evidence shown before stays</source>
        <translation>Зупинити читання; показані раніше свідчення залишаються</translation>
    </message>
    <message>
        <source>Vi&amp;olations (N: the next)</source>
        <translation>По&amp;рушення (N — наступне)</translation>
    </message>
    <message>
        <source>No evidence open: File → Open Evidence…</source>
        <translation>Свідчення не відкрито: Файл → Відкрити свідчення…</translation>
    </message>
    <message>
        <source>Select a request on the timeline or a violation to see its evidence.</source>
        <translation>Виберіть запит на часовій шкалі або порушення, щоб побачити його свідчення.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Скасування…</translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n request(s), %1 of %2</source>
        <translation>
            <numerusform>Читання: %n запит, %1 з %2</numerusform>
            <numerusform>Читання: %n запити, %1 з %2</numerusform>
            <numerusform>Читання: %n запитів, %1 з %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n request(s), %1 of text</source>
        <translation>
            <numerusform>Читання: %n запит, %1 тексту</numerusform>
            <numerusform>Читання: %n запити, %1 тексту</numerusform>
            <numerusform>Читання: %n запитів, %1 тексту</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; judged as &lt;b&gt;%2&lt;/b&gt;: %n request(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; за профілем &lt;b&gt;%2&lt;/b&gt;: %n запит</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; за профілем &lt;b&gt;%2&lt;/b&gt;: %n запити</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; за профілем &lt;b&gt;%2&lt;/b&gt;: %n запитів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n execution(s)</source>
        <translation>
            <numerusform>%n виконання</numerusform>
            <numerusform>%n виконання</numerusform>
            <numerusform>%n виконань</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replay(s)</source>
        <translation>
            <numerusform>%n replay</numerusform>
            <numerusform>%n replay</numerusform>
            <numerusform>%n replay</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n violation(s)</source>
        <translation>
            <numerusform>%n порушення</numerusform>
            <numerusform>%n порушення</numerusform>
            <numerusform>%n порушень</numerusform>
        </translation>
    </message>
    <message>
        <source>From %1 to %2. Times are in UTC: the timeline&apos;s 0 is %3.</source>
        <translation>З %1 до %2. Час — в UTC: 0 на часовій шкалі — це %3.</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s), entries or spans could not be used and were skipped (Save Report names them).</source>
        <translation>
            <numerusform>%n рядок, запис HAR або span не підійшли й пропущені (їх називає збережений звіт).</numerusform>
            <numerusform>%n рядки, записи HAR або span не підійшли й пропущені (їх називає збережений звіт).</numerusform>
            <numerusform>%n рядків, записів HAR або span не підійшли й пропущені (їх називає збережений звіт).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The table&apos;s rows joined from %1: %n row(s).</source>
        <translation>
            <numerusform>Рядки таблиці з %1: %n рядок.</numerusform>
            <numerusform>Рядки таблиці з %1: %n рядки.</numerusform>
            <numerusform>Рядки таблиці з %1: %n рядків.</numerusform>
        </translation>
    </message>
    <message>
        <source>No evidence open yet: File → Open Evidence… reads access logs, traces and HAR files.</source>
        <translation>Свідчення ще не відкрито: Файл → Відкрити свідчення… читає журнали доступу, трасування й файли HAR.</translation>
    </message>
    <message>
        <source>No violation: the evidence agrees with the profile.</source>
        <translation>Порушень немає: свідчення узгоджуються з профілем.</translation>
    </message>
    <message>
        <source>key %1, actor %2, %3: %4, created %5</source>
        <translation>key %1, суб’єкт %2, %3: %4, створено %5</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>невідомо</translation>
    </message>
    <message>
        <source>%1 %2, key %3, actor %4</source>
        <translation>%1 %2, key %3, суб’єкт %4</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(немає)</translation>
    </message>
    <message>
        <source>answered %1</source>
        <translation>відповідь %1</translation>
    </message>
    <message>
        <source>no answer logged</source>
        <translation>відповідь не записано</translation>
    </message>
    <message>
        <source> after %1 ms</source>
        <translation> через %1 мс</translation>
    </message>
    <message>
        <source>; the client gave up first</source>
        <translation>; клієнт перестав чекати раніше</translation>
    </message>
    <message>
        <source>arrived %1, %2</source>
        <translation>надійшов %1, %2</translation>
    </message>
    <message>
        <source>decision as far as the evidence tells: %1</source>
        <translation>рішення, наскільки кажуть свідчення: %1</translation>
    </message>
    <message>
        <source>Reading the evidence…</source>
        <translation>Читання свідчення…</translation>
    </message>
    <message>
        <source>… (cut at 64 KiB)</source>
        <translation>… (обрізано на 64 КіБ)</translation>
    </message>
    <message>
        <source>The file cannot be read again: %1</source>
        <translation>Файл не вдається прочитати знову: %1</translation>
    </message>
    <message>
        <source>The file no longer holds this evidence (was it changed since it was read?).</source>
        <translation>У файлі більше немає цього свідчення (він змінився після читання?).</translation>
    </message>
    <message>
        <source>This line is longer than 16 MiB; it was skipped when read and is not shown.</source>
        <translation>Цей рядок довший за 16 МіБ; під час читання його пропущено, і він не показується.</translation>
    </message>
    <message>
        <source>The file is not one JSON document (cut short?): this entry cannot be shown again.</source>
        <translation>Файл — не один документ JSON (обрізаний?): цей запис HAR не показати знову.</translation>
    </message>
    <message>
        <source>A row of the table: shown from the rows read.</source>
        <translation>Рядок таблиці: показано з прочитаних рядків.</translation>
    </message>
    <message>
        <source>No evidence is open.</source>
        <translation>Свідчення не відкрито.</translation>
    </message>
    <message>
        <source>Save Report</source>
        <translation>Зберегти звіт</translation>
    </message>
    <message>
        <source>reconstruct@1 JSON (*.json)</source>
        <translation>JSON reconstruct@1 (*.json)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Звіт записано в %1</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>Звіт не записано: %1</translation>
    </message>
    <message numerus="yes">
        <source>No request of the evidence can be replayed as a scenario (%n left out: their key header could not be read).</source>
        <translation>
            <numerusform>Жоден запит зі свідчень не можна відтворити як сценарій (%n не ввійшов: його заголовок key не читається).</numerusform>
            <numerusform>Жоден запит зі свідчень не можна відтворити як сценарій (%n не ввійшли: їхній заголовок key не читається).</numerusform>
            <numerusform>Жоден запит зі свідчень не можна відтворити як сценарій (%n не ввійшли: їхній заголовок key не читається).</numerusform>
        </translation>
    </message>
    <message>
        <source>The rebuilt scenario does not load: %1</source>
        <translation>Відновлений сценарій не завантажується: %1</translation>
    </message>
    <message>
        <source>Replay as Scenario</source>
        <translation>Відтворити як сценарій</translation>
    </message>
</context>
<context>
    <name>iw::Violations</name>
    <message>
        <source>no answer</source>
        <translation>немає відповіді</translation>
    </message>
    <message>
        <source>the record is still in_progress and inspection flagged it stuck; the evidence shows its requests</source>
        <translation>запис усе ще у стані in_progress, і інспекція позначила його як завислий; свідчення показують його запити</translation>
    </message>
    <message>
        <source>the record is still in_progress and inspection flagged it stuck; no request of it is in the evidence</source>
        <translation>запис усе ще у стані in_progress, і інспекція позначила його як завислий; у свідченнях немає жодного його запиту</translation>
    </message>
    <message>
        <source>answered %1 for a payload whose fingerprint differs from the one first sent with this key (%2)</source>
        <translation>відповідь %1 для навантаження, чий fingerprint відрізняється від уперше надісланого з цим key (%2)</translation>
    </message>
    <message>
        <source>arrived while %1 was still running and was answered %2; the %3 profile answers %4 in progress</source>
        <translation>надійшов, поки %1 ще виконувався, і отримав відповідь %2; профіль %3 відповідає %4, поки запис у стані in_progress</translation>
    </message>
    <message>
        <source>a replay answered %1 where the original (%2) answered %3</source>
        <translation>replay відповів %1, а початковий запит (%2) — %3</translation>
    </message>
    <message>
        <source>a replay&apos;s body differs from the original&apos;s (%1)</source>
        <translation>тіло replay відрізняється від тіла початкової відповіді (%1)</translation>
    </message>
    <message>
        <source>executed again %1 after the execution at %2, past the %3 window of %4</source>
        <translation>виконано знову через %1 після виконання в %2, пізніше вікна профілю %3 у %4</translation>
    </message>
    <message>
        <source>a second non-replayed success for one scope: %1 ran it first</source>
        <translation>другий успіх не з replay для одного scope: першим його виконав %1</translation>
    </message>
    <message>
        <source>the same actor, operation and payload executed again under no key within %1 of %2 (a suspected intent: a client minting a new key on retry, or a person ordering twice)</source>
        <translation>ту саму операцію того самого суб’єкта з тим самим навантаженням виконано знову без key в межах %1 від %2 (імовірний намір: клієнт створює новий key під час повтору, або людина замовила двічі)</translation>
    </message>
    <message>
        <source>the same actor, operation and payload executed again under another key within %1 of %2 (a suspected intent: a client minting a new key on retry, or a person ordering twice)</source>
        <translation>ту саму операцію того самого суб’єкта з тим самим навантаженням виконано знову з іншим key в межах %1 від %2 (імовірний намір: клієнт створює новий key під час повтору, або людина замовила двічі)</translation>
    </message>
</context>
<context>
    <name>iw::ViolationsModel</name>
    <message>
        <source>Duplicate execution</source>
        <translation>Повторне виконання</translation>
    </message>
    <message>
        <source>Replay differs</source>
        <translation>Replay відрізняється</translation>
    </message>
    <message>
        <source>Success after a mismatch</source>
        <translation>Успіх за іншого вмісту</translation>
    </message>
    <message>
        <source>Stuck in progress</source>
        <translation>Завис в in_progress</translation>
    </message>
    <message>
        <source>Late retry executed again</source>
        <translation>Пізній повтор виконано знову</translation>
    </message>
    <message>
        <source>Conflict status</source>
        <translation>Статус конфлікту</translation>
    </message>
    <message>
        <source>Two successes that were not replays for one key (or one suspected intent): the operation ran twice.</source>
        <translation>Два успіхи, що не були replay, для одного key (або одного ймовірного наміру): операція виконалася двічі.</translation>
    </message>
    <message>
        <source>A replay whose status or body differs from the original answer.</source>
        <translation>Replay, чий статус або тіло відрізняється від початкової відповіді.</translation>
    </message>
    <message>
        <source>A success for another payload under a key already used.</source>
        <translation>Успіх для іншого вмісту під уже використаним key.</translation>
    </message>
    <message>
        <source>The table holds the key in progress long after anything was working on it.</source>
        <translation>Таблиця тримає key в in_progress довго після того, як із ним перестали працювати.</translation>
    </message>
    <message>
        <source>A retry after the profile&apos;s window ran the operation again.</source>
        <translation>Повтор після вікна профілю виконав операцію знову.</translation>
    </message>
    <message>
        <source>An in-progress answer with another status than the profile&apos;s.</source>
        <translation>Відповідь «в процесі» з іншим статусом, ніж у профілю.</translation>
    </message>
    <message>
        <source>%1 (suspected intent)</source>
        <translation>%1 (імовірний намір)</translation>
    </message>
    <message>
        <source>(no key) %1 %2</source>
        <translation>(без key) %1 %2</translation>
    </message>
    <message>
        <source>key %1, actor %2, %3</source>
        <translation>key %1, суб’єкт %2, %3</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>Коли (UTC)</translation>
    </message>
    <message>
        <source>Violation</source>
        <translation>Порушення</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Свідчення</translation>
    </message>
    <message>
        <source>What the evidence shows</source>
        <translation>Що показують свідчення</translation>
    </message>
    <message>
        <source>%1 entry %2</source>
        <comment>a HAR file&apos;s entry</comment>
        <translation>%1, запис HAR %2</translation>
    </message>
    <message>
        <source>%1 span %2</source>
        <comment>a trace file&apos;s span</comment>
        <translation>%1, span %2</translation>
    </message>
    <message>
        <source>%1 record %2</source>
        <comment>an inspection&apos;s record</comment>
        <translation>%1, запис %2</translation>
    </message>
</context>
</TS>
