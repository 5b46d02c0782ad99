<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>iw::EvidenceLoader</name>
    <message>
        <source>Unknown profile &quot;%1&quot;.</source>
        <translation>Неизвестный профиль «%1».</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a header name.</source>
        <translation>«%1» — не имя заголовка.</translation>
    </message>
    <message>
        <source>The evidence does not fit in memory.</source>
        <translation>Свидетельства не помещаются в памяти.</translation>
    </message>
</context>
<context>
    <name>iw::EvidenceOpenDialog</name>
    <message>
        <source>Open Evidence</source>
        <translation>Открыть свидетельства</translation>
    </message>
    <message>
        <source>Access logs (nginx, Envoy, Caddy JSON lines, or combined with the key appended), OpenTelemetry traces (OTLP/JSON) and HAR files are merged on their timestamps and judged against a profile. Gzip files are read as such. Nothing is changed anywhere.</source>
        <translation>Журналы доступа (строки JSON nginx, Envoy, Caddy или combined с key в конце), трассы OpenTelemetry (OTLP/JSON) и файлы HAR сводятся по отметкам времени и проверяются по профилю. Файлы gzip читаются как таковые. Нигде ничего не изменяется.</translation>
    </message>
    <message>
        <source>Evidence &amp;files:</source>
        <translation>&amp;Файлы свидетельств:</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Добавить…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Убрать</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>&amp;Профиль:</translation>
    </message>
    <message>
        <source>The idempotency rules the evidence is judged against: statuses, the window, replays</source>
        <translation>Правила идемпотентности, по которым проверяются свидетельства: статусы, окно, replay</translation>
    </message>
    <message>
        <source>&amp;Key header:</source>
        <translation>&amp;Заголовок key:</translation>
    </message>
    <message>
        <source>Read a timestamp without a time zone as &amp;UTC (otherwise such a line is skipped and named)</source>
        <translation>Читать время без часового пояса как &amp;UTC (иначе такая строка пропускается и называется)</translation>
    </message>
    <message>
        <source>The table&apos;s &amp;rows:</source>
        <translation>&amp;Строки таблицы:</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>From a file written by inspect --json</source>
        <translation>Из файла, записанного inspect --json</translation>
    </message>
    <message>
        <source>Read live from PostgreSQL (read-only)</source>
        <translation>Прочитать из PostgreSQL (только чтение)</translation>
    </message>
    <message>
        <source>inspection.json</source>
        <translation>inspection.json</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Обзор…</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>&amp;Подключение:</translation>
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
        <translation>не сохраняется</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>&amp;Таблица:</translation>
    </message>
    <message>
        <source>request_idempotency</source>
        <translation>request_idempotency</translation>
    </message>
    <message>
        <source>&amp;Mapping:</source>
        <translation>&amp;Сопоставление:</translation>
    </message>
    <message>
        <source>Through a transaction &amp;pooler</source>
        <translation>Через &amp;пулер транзакций</translation>
    </message>
    <message>
        <source>Add Evidence Files</source>
        <translation>Добавить файлы свидетельств</translation>
    </message>
    <message>
        <source>Evidence (*.log *.jsonl *.json *.har *.gz *.txt);;All files (*)</source>
        <translation>Свидетельства (*.log *.jsonl *.json *.har *.gz *.txt);;Все файлы (*)</translation>
    </message>
    <message>
        <source>The Table&apos;s Rows</source>
        <translation>Строки таблицы</translation>
    </message>
    <message>
        <source>inspect --json output (*.json);;All files (*)</source>
        <translation>Вывод inspect --json (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Add at least one evidence file.</source>
        <translation>Добавьте хотя бы один файл свидетельств.</translation>
    </message>
    <message>
        <source>Name the file written by inspect --json, or choose no rows.</source>
        <translation>Укажите файл, записанный inspect --json, или выберите «Нет».</translation>
    </message>
    <message>
        <source>Name the idempotency table to read.</source>
        <translation>Укажите таблицу идемпотентности, которую читать.</translation>
    </message>
</context>
<context>
    <name>iw::EvidenceWindow</name>
    <message>
        <source>Reading was cancelled; nothing new is shown.</source>
        <translation>Чтение отменено; ничего нового не показано.</translation>
    </message>
    <message>
        <source>Evidence — %1</source>
        <translation>Свидетельства — %1</translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n файл</numerusform>
            <numerusform>%n файла</numerusform>
            <numerusform>%n файлов</numerusform>
        </translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Свидетельства</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Violations</source>
        <translation>&amp;Нарушения</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Временная шкала</translation>
    </message>
    <message>
        <source>&amp;Open Evidence…</source>
        <translation>&amp;Открыть свидетельства…</translation>
    </message>
    <message>
        <source>Read access logs, traces and HAR files and judge them against a profile</source>
        <translation>Прочитать журналы доступа, трассы и файлы HAR и проверить их по профилю</translation>
    </message>
    <message>
        <source>&amp;Save Report…</source>
        <translation>&amp;Сохранить отчёт…</translation>
    </message>
    <message>
        <source>Write what the evidence shows as reconstruct@1 JSON (whole, or not at all)</source>
        <translation>Записать то, что показывают свидетельства, как JSON reconstruct@1 (целиком или никак)</translation>
    </message>
    <message>
        <source>&amp;Replay as Scenario</source>
        <translation>&amp;Воспроизвести как сценарий</translation>
    </message>
    <message>
        <source>Open the incident in the workbench as a scenario that replays it: run it, compare it under other policies, explore around it</source>
        <translation>Открыть инцидент в рабочем окне как сценарий, который его воспроизводит: запустить, сравнить при других политиках, исследовать вокруг</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Отмена</translation>
    </message>
    <message>
        <source>Stop reading; the evidence shown before stays</source>
        <translation>Остановить чтение; показанные ранее свидетельства остаются</translation>
    </message>
    <message>
        <source>Vi&amp;olations (N: the next)</source>
        <translation>На&amp;рушения (N — следующее)</translation>
    </message>
    <message>
        <source>No evidence open: File → Open Evidence…</source>
        <translation>Свидетельства не открыты: Файл → Открыть свидетельства…</translation>
    </message>
    <message>
        <source>Select a request on the timeline or a violation to see its evidence.</source>
        <translation>Выберите запрос на временной шкале или нарушение, чтобы увидеть его свидетельство.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n request(s), %1 of %2</source>
        <translation>
            <numerusform>Чтение: %n запрос, %1 из %2</numerusform>
            <numerusform>Чтение: %n запроса, %1 из %2</numerusform>
            <numerusform>Чтение: %n запросов, %1 из %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n request(s), %1 of text</source>
        <translation>
            <numerusform>Чтение: %n запрос, %1 текста</numerusform>
            <numerusform>Чтение: %n запроса, %1 текста</numerusform>
            <numerusform>Чтение: %n запросов, %1 текста</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; judged as &lt;b&gt;%2&lt;/b&gt;: %n request(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; по профилю &lt;b&gt;%2&lt;/b&gt;: %n запрос</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; по профилю &lt;b&gt;%2&lt;/b&gt;: %n запроса</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; по профилю &lt;b&gt;%2&lt;/b&gt;: %n запросов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n execution(s)</source>
        <translation>
            <numerusform>%n выполнение</numerusform>
            <numerusform>%n выполнения</numerusform>
            <numerusform>%n выполнений</numerusform>
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
            <numerusform>%n нарушение</numerusform>
            <numerusform>%n нарушения</numerusform>
            <numerusform>%n нарушений</numerusform>
        </translation>
    </message>
    <message>
        <source>From %1 to %2. Times are in UTC: the timeline&apos;s 0 is %3.</source>
        <translation>С %1 по %2. Время — в UTC: 0 на временной шкале — это %3.</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s), entries or spans could not be used and were skipped (Save Report names them).</source>
        <translation>
            <numerusform>%n строка, запись HAR или span не подошли и пропущены (их называет сохранённый отчёт).</numerusform>
            <numerusform>%n строки, записи HAR или span не подошли и пропущены (их называет сохранённый отчёт).</numerusform>
            <numerusform>%n строк, записей HAR или span не подошли и пропущены (их называет сохранённый отчёт).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The table&apos;s rows joined from %1: %n row(s).</source>
        <translation>
            <numerusform>Строки таблицы из %1: %n строка.</numerusform>
            <numerusform>Строки таблицы из %1: %n строки.</numerusform>
            <numerusform>Строки таблицы из %1: %n строк.</numerusform>
        </translation>
    </message>
    <message>
        <source>No evidence open yet: File → Open Evidence… reads access logs, traces and HAR files.</source>
        <translation>Свидетельства ещё не открыты: Файл → Открыть свидетельства… читает журналы доступа, трассы и файлы HAR.</translation>
    </message>
    <message>
        <source>No violation: the evidence agrees with the profile.</source>
        <translation>Нарушений нет: свидетельства согласуются с профилем.</translation>
    </message>
    <message>
        <source>key %1, actor %2, %3: %4, created %5</source>
        <translation>key %1, субъект %2, %3: %4, создана %5</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>%1 %2, key %3, actor %4</source>
        <translation>%1 %2, key %3, субъект %4</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(нет)</translation>
    </message>
    <message>
        <source>answered %1</source>
        <translation>ответ %1</translation>
    </message>
    <message>
        <source>no answer logged</source>
        <translation>ответ не записан</translation>
    </message>
    <message>
        <source> after %1 ms</source>
        <translation> через %1 мс</translation>
    </message>
    <message>
        <source>; the client gave up first</source>
        <translation>; клиент перестал ждать раньше</translation>
    </message>
    <message>
        <source>arrived %1, %2</source>
        <translation>пришёл %1, %2</translation>
    </message>
    <message>
        <source>decision as far as the evidence tells: %1</source>
        <translation>решение, насколько говорят свидетельства: %1</translation>
    </message>
    <message>
        <source>Reading the evidence…</source>
        <translation>Чтение свидетельства…</translation>
    </message>
    <message>
        <source>… (cut at 64 KiB)</source>
        <translation>… (обрезано на 64 КиБ)</translation>
    </message>
    <message>
        <source>The file cannot be read again: %1</source>
        <translation>Файл не удаётся прочитать снова: %1</translation>
    </message>
    <message>
        <source>The file no longer holds this evidence (was it changed since it was read?).</source>
        <translation>В файле больше нет этого свидетельства (он изменился после чтения?).</translation>
    </message>
    <message>
        <source>This line is longer than 16 MiB; it was skipped when read and is not shown.</source>
        <translation>Эта строка длиннее 16 МиБ; при чтении она пропущена и не показывается.</translation>
    </message>
    <message>
        <source>The file is not one JSON document (cut short?): this entry cannot be shown again.</source>
        <translation>Файл — не один документ JSON (обрезан?): эту запись HAR не показать снова.</translation>
    </message>
    <message>
        <source>A row of the table: shown from the rows read.</source>
        <translation>Строка таблицы: показана из прочитанных строк.</translation>
    </message>
    <message>
        <source>No evidence is open.</source>
        <translation>Свидетельства не открыты.</translation>
    </message>
    <message>
        <source>Save Report</source>
        <translation>Сохранить отчёт</translation>
    </message>
    <message>
        <source>reconstruct@1 JSON (*.json)</source>
        <translation>JSON reconstruct@1 (*.json)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Отчёт записан в %1</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>Отчёт не записан: %1</translation>
    </message>
    <message numerus="yes">
        <source>No request of the evidence can be replayed as a scenario (%n left out: their key header could not be read).</source>
        <translation>
            <numerusform>Ни один запрос из свидетельств нельзя воспроизвести как сценарий (%n не вошёл: его заголовок key не читается).</numerusform>
            <numerusform>Ни один запрос из свидетельств нельзя воспроизвести как сценарий (%n не вошли: их заголовок key не читается).</numerusform>
            <numerusform>Ни один запрос из свидетельств нельзя воспроизвести как сценарий (%n не вошли: их заголовок key не читается).</numerusform>
        </translation>
    </message>
    <message>
        <source>The rebuilt scenario does not load: %1</source>
        <translation>Восстановленный сценарий не загружается: %1</translation>
    </message>
    <message>
        <source>Replay as Scenario</source>
        <translation>Воспроизвести как сценарий</translation>
    </message>
</context>
<context>
    <name>iw::Violations</name>
    <message>
        <source>no answer</source>
        <translation>нет ответа</translation>
    </message>
    <message>
        <source>the record is still in_progress and inspection flagged it stuck; the evidence shows its requests</source>
        <translation>запись всё ещё в состоянии in_progress, и инспекция отметила её как зависшую; свидетельства показывают её запросы</translation>
    </message>
    <message>
        <source>the record is still in_progress and inspection flagged it stuck; no request of it is in the evidence</source>
        <translation>запись всё ещё в состоянии in_progress, и инспекция отметила её как зависшую; в свидетельствах нет ни одного её запроса</translation>
    </message>
    <message>
        <source>answered %1 for a payload whose fingerprint differs from the one first sent with this key (%2)</source>
        <translation>ответ %1 для нагрузки, чей fingerprint отличается от впервые отправленного с этим key (%2)</translation>
    </message>
    <message>
        <source>arrived while %1 was still running and was answered %2; the %3 profile answers %4 in progress</source>
        <translation>пришёл, пока %1 ещё выполнялся, и получил ответ %2; профиль %3 отвечает %4, пока запись в состоянии in_progress</translation>
    </message>
    <message>
        <source>a replay answered %1 where the original (%2) answered %3</source>
        <translation>replay ответил %1, а исходный запрос (%2) — %3</translation>
    </message>
    <message>
        <source>a replay&apos;s body differs from the original&apos;s (%1)</source>
        <translation>тело replay отличается от тела исходного ответа (%1)</translation>
    </message>
    <message>
        <source>executed again %1 after the execution at %2, past the %3 window of %4</source>
        <translation>выполнен снова через %1 после выполнения в %2, позже окна профиля %3 в %4</translation>
    </message>
    <message>
        <source>a second non-replayed success for one scope: %1 ran it first</source>
        <translation>второй успех не из replay для одного scope: первым его выполнил %1</translation>
    </message>
    <message>
        <source>the same actor, operation and payload executed again under no key within %1 of %2 (a suspected intent: a client minting a new key on retry, or a person ordering twice)</source>
        <translation>та же операция того же субъекта с той же нагрузкой выполнена снова без key в пределах %1 от %2 (предполагаемое намерение: клиент создаёт новый key при повторе, или человек заказал дважды)</translation>
    </message>
    <message>
        <source>the same actor, operation and payload executed again under another key within %1 of %2 (a suspected intent: a client minting a new key on retry, or a person ordering twice)</source>
        <translation>та же операция того же субъекта с той же нагрузкой выполнена снова с другим key в пределах %1 от %2 (предполагаемое намерение: клиент создаёт новый key при повторе, или человек заказал дважды)</translation>
    </message>
</context>
<context>
    <name>iw::ViolationsModel</name>
    <message>
        <source>Duplicate execution</source>
        <translation>Повторное выполнение</translation>
    </message>
    <message>
        <source>Replay differs</source>
        <translation>Replay отличается</translation>
    </message>
    <message>
        <source>Success after a mismatch</source>
        <translation>Успех при другом содержимом</translation>
    </message>
    <message>
        <source>Stuck in progress</source>
        <translation>Зависла в in_progress</translation>
    </message>
    <message>
        <source>Late retry executed again</source>
        <translation>Поздний повтор выполнен снова</translation>
    </message>
    <message>
        <source>Conflict status</source>
        <translation>Статус конфликта</translation>
    </message>
    <message>
        <source>Two successes that were not replays for one key (or one suspected intent): the operation ran twice.</source>
        <translation>Два успеха, не бывшие replay, для одного key (или одного предполагаемого намерения): операция выполнилась дважды.</translation>
    </message>
    <message>
        <source>A replay whose status or body differs from the original answer.</source>
        <translation>Replay, чей статус или тело отличается от исходного ответа.</translation>
    </message>
    <message>
        <source>A success for another payload under a key already used.</source>
        <translation>Успех для другого содержимого под уже использованным key.</translation>
    </message>
    <message>
        <source>The table holds the key in progress long after anything was working on it.</source>
        <translation>Таблица держит key в in_progress долго после того, как с ним перестали работать.</translation>
    </message>
    <message>
        <source>A retry after the profile&apos;s window ran the operation again.</source>
        <translation>Повтор после окна профиля выполнил операцию снова.</translation>
    </message>
    <message>
        <source>An in-progress answer with another status than the profile&apos;s.</source>
        <translation>Ответ «в процессе» с иным статусом, чем у профиля.</translation>
    </message>
    <message>
        <source>%1 (suspected intent)</source>
        <translation>%1 (предполагаемое намерение)</translation>
    </message>
    <message>
        <source>(no key) %1 %2</source>
        <translation>(без key) %1 %2</translation>
    </message>
    <message>
        <source>key %1, actor %2, %3</source>
        <translation>key %1, субъект %2, %3</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>Когда (UTC)</translation>
    </message>
    <message>
        <source>Violation</source>
        <translation>Нарушение</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Свидетельство</translation>
    </message>
    <message>
        <source>What the evidence shows</source>
        <translation>Что показывают свидетельства</translation>
    </message>
    <message>
        <source>%1 entry %2</source>
        <comment>a HAR file&apos;s entry</comment>
        <translation>%1, запись HAR %2</translation>
    </message>
    <message>
        <source>%1 span %2</source>
        <comment>a trace file&apos;s span</comment>
        <translation>%1, span %2</translation>
    </message>
    <message>
        <source>%1 record %2</source>
        <comment>an inspection&apos;s record</comment>
        <translation>%1, запись %2</translation>
    </message>
</context>
</TS>
