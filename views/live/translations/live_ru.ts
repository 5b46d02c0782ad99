<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>iw::CursorLiveConnectDialog</name>
    <message>
        <source>Choose a mapping file…</source>
        <translation>Выбрать файл сопоставления…</translation>
    </message>
    <message>
        <source>Mapping file</source>
        <translation>Файл сопоставления</translation>
    </message>
    <message>
        <source>Mappings (*.json);;All files (*)</source>
        <translation>Сопоставления (*.json);;Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>iw::CursorLiveWindow</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation>&amp;Следить</translation>
    </message>
    <message>
        <source> every </source>
        <translation> каждые </translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>F&amp;irst page</source>
        <translation>&amp;Первая страница</translation>
    </message>
    <message>
        <source>&amp;Previous page</source>
        <translation>Пре&amp;дыдущая страница</translation>
    </message>
    <message>
        <source>&amp;Next page</source>
        <translation>&amp;Следующая страница</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>R&amp;ules…</source>
        <translation>&amp;Правила…</translation>
    </message>
    <message>
        <source>&amp;Export anomalies (CSV)…</source>
        <translation>&amp;Экспорт аномалий (CSV)…</translation>
    </message>
    <message>
        <source>Write the anomalies of the snapshot on screen as CSV</source>
        <translation>Записать аномалии снимка на экране в CSV</translation>
    </message>
    <message>
        <source>Export &amp;report (JSON)…</source>
        <translation>Экспорт &amp;отчёта (JSON)…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Anomalies</source>
        <translation>&amp;Аномалии</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Аномалии</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Запись</translation>
    </message>
    <message>
        <source>No records on this page.</source>
        <translation>На этой странице нет записей.</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>остановлено: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;Anomalies — %2</source>
        <translation>%1&lt;br&gt;Аномалии — %2</translation>
    </message>
    <message>
        <source>Anomaly rules for %1</source>
        <translation>Правила аномалий для %1</translation>
    </message>
    <message>
        <source>These rules apply to %1 at %2 only and are remembered for them.</source>
        <translation>Эти правила применяются только к %1 на %2 и запоминаются для них.</translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <translation>%1 (%2):</translation>
    </message>
    <message>
        <source>does not apply: %1</source>
        <translation>неприменимо: %1</translation>
    </message>
    <message>
        <source>Regeneration look-back:</source>
        <translation>Глубина просмотра для повторной генерации key:</translation>
    </message>
    <message>
        <source>suspected_key_regeneration looks at the records created this long before now</source>
        <translation>suspected_key_regeneration просматривает записи, созданные не раньше этого срока до текущего момента</translation>
    </message>
    <message>
        <source>nothing to export yet: no snapshot has been taken</source>
        <translation>экспортировать пока нечего: снимок ещё не сделан</translation>
    </message>
    <message>
        <source>Export anomalies</source>
        <translation>Экспорт аномалий</translation>
    </message>
    <message>
        <source>Anomalies as CSV (*.csv)</source>
        <translation>Аномалии в CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export the inspection report</source>
        <translation>Экспорт отчёта о проверке</translation>
    </message>
    <message>
        <source>Inspection report (*.json)</source>
        <translation>Отчёт о проверке (*.json)</translation>
    </message>
    <message>
        <source>by key</source>
        <translation>по ключу</translation>
    </message>
    <message>
        <source>by creation time</source>
        <translation>по времени создания</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>сначала новые</translation>
    </message>
    <message>
        <source>The order pages are read in: the table&apos;s unique key, the creation time from the oldest, or from the newest backwards (the next page holds older records)</source>
        <translation>Порядок чтения страниц: по уникальному ключу таблицы, по времени создания от самых старых или от самых новых назад (следующая страница содержит более старые записи)</translation>
    </message>
    <message>
        <source>Click an anomaly to see why it is listed, with the business rows its keys caused, and to select its record when it is on this page</source>
        <translation>Щёлкните аномалию, чтобы увидеть, почему она в списке, вместе со строками бизнес-таблицы, которые вызвали её key, и выбрать её запись, если она на этой странице</translation>
    </message>
    <message>
        <source>Click an anomaly to see why it is listed and to select its record.</source>
        <translation>Щёлкните аномалию, чтобы увидеть, почему она в списке, и выбрать её запись.</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Переход</translation>
    </message>
    <message>
        <source>no record has the idempotency key &quot;%1&quot;</source>
        <translation>нет записи с ключом идемпотентности «%1»</translation>
    </message>
    <message>
        <source>&amp;Last page</source>
        <translation>П&amp;оследняя страница</translation>
    </message>
    <message>
        <source>The last records of the order chosen (by creation time: the newest; newest first: the oldest)</source>
        <translation>Последние записи выбранного порядка (по времени создания — самые новые; при «сначала новые» — самые старые)</translation>
    </message>
    <message>
        <source>Seek</source>
        <translation>Переход к значению</translation>
    </message>
    <message>
        <source>What Go to compares the value with: the idempotency key itself, or the first column of the table&apos;s unique key (the key order)</source>
        <translation>С чем переход сравнивает значение: с самим ключом идемпотентности или с первым столбцом уникального ключа таблицы (порядок ключа)</translation>
    </message>
    <message>
        <source>2026-12-01 08:00:00 UTC</source>
        <translation>2026-12-01 08:00:00 UTC</translation>
    </message>
    <message>
        <source>Seek the time order to the records created at or after this instant (UTC unless an offset is given: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter goes there</source>
        <translation>Перейти в порядке времени к записям, созданным в этот момент или позже (по UTC, если смещение не указано: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter выполняет переход</translation>
    </message>
    <message>
        <source>Go to time</source>
        <translation>Перейти ко времени</translation>
    </message>
    <message>
        <source>Read the records created at or after the time typed beside</source>
        <translation>Прочитать записи, созданные во введённое рядом время или позже</translation>
    </message>
    <message>
        <source>Go to &amp;key…</source>
        <translation>&amp;Перейти к key…</translation>
    </message>
    <message>
        <source>Type an idempotency key (or a key-order value) in the seek field</source>
        <translation>Ввести ключ идемпотентности (или значение в порядке ключа) в поле перехода</translation>
    </message>
    <message>
        <source>Go to &amp;time…</source>
        <translation>Перейти ко &amp;времени…</translation>
    </message>
    <message>
        <source>Type a time in the time field</source>
        <translation>Ввести время в поле времени</translation>
    </message>
    <message>
        <source>Sweeper&apos;s horizon:</source>
        <translation>Горизонт очистки:</translation>
    </message>
    <message>
        <source>The counts say how many terminal records expire within this long: what the sweeper removes next</source>
        <translation>Счётчики показывают, у скольких записей в конечном состоянии срок истекает в пределах этого времени: что очистка удалит следующим</translation>
    </message>
    <message numerus="yes">
        <source>The key %1 is held by %n records: choose one.</source>
        <translation>
            <numerusform>Ключ %1 есть у %n записи: выберите одну.</numerusform>
            <numerusform>Ключ %1 есть у %n записей: выберите одну.</numerusform>
            <numerusform>Ключ %1 есть у %n записей: выберите одну.</numerusform>
        </translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>ключ идемпотентности</translation>
    </message>
    <message>
        <source>idempotency key (%1)</source>
        <translation>ключ идемпотентности (%1)</translation>
    </message>
    <message>
        <source>key order</source>
        <translation>порядок ключа</translation>
    </message>
    <message>
        <source>key order (%1)</source>
        <translation>порядок ключа (%1)</translation>
    </message>
    <message>
        <source>go to idempotency key…</source>
        <translation>перейти к ключу идемпотентности…</translation>
    </message>
    <message>
        <source>Find the record whose idempotency key (%1) is this value and show it with its neighbours in the order chosen</source>
        <translation>Найти запись с этим значением ключа идемпотентности (%1) и показать её вместе с соседними записями в выбранном порядке</translation>
    </message>
    <message>
        <source>the mapping&apos;s key</source>
        <translation>key по сопоставлению</translation>
    </message>
    <message>
        <source>go to %1…</source>
        <translation>перейти к значению %1…</translation>
    </message>
    <message>
        <source>key</source>
        <translation>ключа</translation>
    </message>
    <message>
        <source>Seek the key order (%1) to this value of its first column, %2, and read from there</source>
        <translation>Найти в порядке ключа (%1) это значение его первого столбца, %2, и читать с этого места</translation>
    </message>
</context>
<context>
    <name>iw::LiveAnomalies</name>
    <message>
        <source>age without a lease</source>
        <translation>возраст без аренды</translation>
    </message>
    <message>
        <source>grace after expiry</source>
        <translation>допустимая задержка после истечения срока</translation>
    </message>
    <message>
        <source>grace after completion</source>
        <translation>допустимая задержка после завершения</translation>
    </message>
    <message>
        <source>window between keys</source>
        <translation>окно между key</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>не используется</translation>
    </message>
    <message>
        <source>in progress past its lease; with no lease, older than %1</source>
        <translation>в состоянии in_progress после истечения аренды; без аренды&#xa0;— старше %1</translation>
    </message>
    <message>
        <source>terminal and past its expiry by more than %1, yet still in the table</source>
        <translation>в конечном состоянии, срок истёк более %1 назад, но запись всё ещё в таблице</translation>
    </message>
    <message>
        <source>terminal and past its expiry, yet still in the table</source>
        <translation>в конечном состоянии, срок истёк, но запись всё ещё в таблице</translation>
    </message>
    <message>
        <source>completed more than %1 ago with neither a status nor a body to replay</source>
        <translation>перешла в completed более %1 назад, но нет ни статуса, ни тела для replay</translation>
    </message>
    <message>
        <source>completed with neither a status nor a body to replay</source>
        <translation>в состоянии completed, но нет ни статуса, ни тела для replay</translation>
    </message>
    <message>
        <source>same actor, operation and fingerprint under different keys created within %1 of each other (rows of the last %2)</source>
        <translation>тот же субъект, операция и fingerprint под разными key, созданными с интервалом не более %1 (строки за последние %2)</translation>
    </message>
    <message>
        <source>in progress and past its expiry by more than %1: must not be swept, needs reconciliation</source>
        <translation>в состоянии in_progress, срок истёк более %1 назад: не удалять очисткой, нужна сверка</translation>
    </message>
    <message>
        <source>in progress and past its expiry: must not be swept, needs reconciliation</source>
        <translation>в состоянии in_progress после истечения срока: не удалять очисткой, нужна сверка</translation>
    </message>
    <message>
        <source>a time column holds a number that is no time in its unit (beyond ±2^53 ms: nanoseconds read as seconds, a sentinel such as 9223372036854775807); the row is still read, without that time</source>
        <translation>столбец времени содержит число, которое не является временем в своей единице (за пределами ±2^53&#xa0;мс: наносекунды, прочитанные как секунды, служебное значение вроде 9223372036854775807); строка всё равно читается, но без этого времени</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>неизвестное время</translation>
    </message>
    <message>
        <source>in progress for %1; its lease ended %2 ago and nobody has taken it over</source>
        <translation>в состоянии in_progress уже %1; аренда истекла %2 назад, и никто не перехватил запись</translation>
    </message>
    <message>
        <source>in progress for %1 with no lease (threshold %2): nothing will move it on but a human</source>
        <translation>в состоянии in_progress уже %1 без аренды (порог %2): без вмешательства человека запись не сдвинется</translation>
    </message>
    <message>
        <source>marked expired and still in the table: the sweep is not running or is behind</source>
        <translation>помечена как expired и всё ещё в таблице: очистка не работает или отстаёт</translation>
    </message>
    <message>
        <source>completed, expired %1 ago and still in the table: the sweep is not running or is behind</source>
        <translation>в состоянии completed, срок истёк %1 назад, а запись всё ещё в таблице: очистка не работает или отстаёт</translation>
    </message>
    <message>
        <source>completed %1 ago with no stored status or body: a retry cannot be replayed</source>
        <translation>перешла в completed %1 назад без сохранённого статуса и тела: ответить на retry через replay невозможно</translation>
    </message>
    <message>
        <source>in progress for %1 and past its expiry by %2: must not be swept; it needs reconciliation</source>
        <translation>в состоянии in_progress уже %1, срок истёк %2 назад: не удалять очисткой; нужна сверка</translation>
    </message>
    <message>
        <source>same actor, operation and fingerprint as key &quot;%1&quot; created %2 earlier: a client minting a new key on every retry</source>
        <translation>тот же субъект, операция и fingerprint, что и у key «%1», созданного на %2 раньше: клиент создаёт новый key при каждом retry</translation>
    </message>
    <message>
        <source>a time column holds a value that is no time in its unit</source>
        <translation>столбец времени содержит значение, которое не является временем в своей единице</translation>
    </message>
    <message numerus="yes">
        <source>%1 (column %2, %3) holds %4… (%n characters), which is no time in that unit (beyond ±2^53 ms); the row is read without it</source>
        <translation>
            <numerusform>%1 (столбец %2, %3) содержит %4… (%n символ)&#xa0;— это не время в данной единице (за пределами ±2^53&#xa0;мс); строка читается без него</numerusform>
            <numerusform>%1 (столбец %2, %3) содержит %4… (%n символа)&#xa0;— это не время в данной единице (за пределами ±2^53&#xa0;мс); строка читается без него</numerusform>
            <numerusform>%1 (столбец %2, %3) содержит %4… (%n символов)&#xa0;— это не время в данной единице (за пределами ±2^53&#xa0;мс); строка читается без него</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (column %2, %3) holds %4, which is no time in that unit (beyond ±2^53 ms); the row is read without it</source>
        <translation>%1 (столбец %2, %3) содержит %4&#xa0;— это не время в данной единице (за пределами ±2^53&#xa0;мс); строка читается без него</translation>
    </message>
</context>
<context>
    <name>iw::LiveAnomaliesModel</name>
    <message>
        <source>Anomaly</source>
        <translation>Аномалия</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Запись</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Подробности</translation>
    </message>
</context>
<context>
    <name>iw::LiveConnectDialog</name>
    <message>
        <source>Connect to a live database</source>
        <translation>Подключение к рабочей базе данных</translation>
    </message>
    <message>
        <source>Connections used before (saved without their passwords)</source>
        <translation>Ранее использованные подключения (сохраняются без паролей)</translation>
    </message>
    <message>
        <source>(choose a recent connection)</source>
        <translation>(выберите недавнее подключение)</translation>
    </message>
    <message>
        <source>PG* defaults</source>
        <translation>Значения PG* по умолчанию</translation>
    </message>
    <message>
        <source>Recent:</source>
        <translation>Недавние:</translation>
    </message>
    <message>
        <source>host=db.example dbname=shop user=oncall   or   postgresql://oncall@db.example/shop</source>
        <translation>host=db.example dbname=shop user=oncall   или   postgresql://oncall@db.example/shop</translation>
    </message>
    <message>
        <source>A libpq connection string or URI. Left empty, the PG* environment variables, the service file and .pgpass decide, as for psql.</source>
        <translation>Строка подключения libpq или URI. Если оставить поле пустым, параметры определят переменные окружения PG*, файл служб и .pgpass, как для psql.</translation>
    </message>
    <message>
        <source>Conninfo or URI:</source>
        <translation>Conninfo или URI:</translation>
    </message>
    <message>
        <source>Connection string</source>
        <translation>Строка подключения</translation>
    </message>
    <message>
        <source>db.example or /var/run/postgresql</source>
        <translation>db.example или /var/run/postgresql</translation>
    </message>
    <message>
        <source>verify-full checks the server&apos;s certificate and name: use it across networks</source>
        <translation>verify-full проверяет сертификат и имя сервера: используйте этот режим при подключении по сети</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Хост:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Порт:</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>База данных:</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>Пользователь:</translation>
    </message>
    <message>
        <source>SSL mode:</source>
        <translation>Режим SSL:</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>Поля</translation>
    </message>
    <message>
        <source>only if the server asks; never saved</source>
        <translation>только если сервер запросит; не сохраняется</translation>
    </message>
    <message>
        <source>Used for this session only. .pgpass is read as usual when this is empty.</source>
        <translation>Используется только в этом сеансе. Если поле пустое, как обычно, читается .pgpass.</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Пароль:</translation>
    </message>
    <message>
        <source>Through a &amp;transaction pooler (pgbouncer pool_mode = transaction)</source>
        <translation>Через &amp;транзакционный пулер (pgbouncer pool_mode = transaction)</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>Пр&amp;оверить</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Подключиться</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Подключение…</translation>
    </message>
    <message>
        <source>%1: type it under Password and try again.</source>
        <translation>%1: введите пароль в поле «Пароль» и повторите попытку.</translation>
    </message>
    <message>
        <source>Nothing is ever set on the session, ticked or not (a SET would stay behind on a server connection other clients share): every snapshot is its own BEGIN READ ONLY with SET LOCAL inside</source>
        <translation>Для сеанса никогда ничего не устанавливается, отмечено это поле или нет (SET остался бы в серверном подключении, которым пользуются и другие клиенты): каждый снимок&#xa0;— отдельный BEGIN READ ONLY с SET LOCAL внутри</translation>
    </message>
    <message>
        <source>Connect, check that a read-only transaction is read-only, and disconnect</source>
        <translation>Подключиться, проверить, что транзакция только для чтения действительно не может ничего изменить, и отключиться</translation>
    </message>
    <message>
        <source>Connected to PostgreSQL %1 at %2; every read is a read-only transaction, and nothing is set on the session.</source>
        <translation>Подключено к PostgreSQL %1 на %2; каждое чтение&#xa0;— транзакция только для чтения, и для сеанса ничего не устанавливается.</translation>
    </message>
    <message>
        <source>Inspection is read-only: every snapshot runs in &lt;code&gt;BEGIN READ ONLY&lt;/code&gt;, so PostgreSQL itself refuses any write, and nothing is set on the session, so a connection a pooler shares with the application is left as it was found.</source>
        <translation>Доступ только для чтения: каждый снимок выполняется в &lt;code&gt;BEGIN READ ONLY&lt;/code&gt;, поэтому любое изменение данных отклонит сам PostgreSQL, а для сеанса ничего не устанавливается, поэтому подключение, которое пулер делит с приложением, остаётся таким, каким было.</translation>
    </message>
</context>
<context>
    <name>iw::LiveExport</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>не удаётся записать файл %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n anomalies to %1 (the snapshot of %2)</source>
        <translation>
            <numerusform>%n аномалия экспортирована в %1 (снимок на %2)</numerusform>
            <numerusform>%n аномалии экспортированы в %1 (снимок на %2)</numerusform>
            <numerusform>%n аномалий экспортировано в %1 (снимок на %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported the %1 anomalies listed of %2 to %3 (the snapshot of %4, which lists at most %5 of each kind: Rules… lists more)</source>
        <translation>Экспортированы перечисленные аномалии: %1 из %2, в %3 (снимок на %4 перечисляет не более %5 каждого вида: Правила… позволяют перечислить больше)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
</context>
<context>
    <name>iw::LiveKeyChoiceDialog</name>
    <message>
        <source>Go to key</source>
        <translation>Перейти к key</translation>
    </message>
    <message numerus="yes">
        <source>The idempotency key &lt;b&gt;%1&lt;/b&gt; is held by %n scopes: a key is unique only within its scope, so another user&apos;s request with the same key is another record. Choose the one to show.</source>
        <translation>
            <numerusform>Ключ идемпотентности &lt;b&gt;%1&lt;/b&gt; есть у %n scope: key уникален только в своём scope, поэтому запрос другого пользователя с тем же key — другая запись. Выберите, какую показать.</numerusform>
            <numerusform>Ключ идемпотентности &lt;b&gt;%1&lt;/b&gt; есть у %n scope: key уникален только в своём scope, поэтому запрос другого пользователя с тем же key — другая запись. Выберите, какую показать.</numerusform>
            <numerusform>Ключ идемпотентности &lt;b&gt;%1&lt;/b&gt; есть у %n scope: key уникален только в своём scope, поэтому запрос другого пользователя с тем же key — другая запись. Выберите, какую показать.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only the first %n are listed.</source>
        <translation>
            <numerusform>Показана только первая %n.</numerusform>
            <numerusform>Показаны только первые %n.</numerusform>
            <numerusform>Показаны только первые %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Субъект</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создана</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
</context>
<context>
    <name>iw::LiveListing</name>
    <message>
        <source>&amp;List:</source>
        <translation>&amp;Список:</translation>
    </message>
    <message>
        <source>the oldest of each kind first</source>
        <translation>сначала самые старые каждого вида</translation>
    </message>
    <message>
        <source>the newest of each kind first</source>
        <translation>сначала самые новые каждого вида</translation>
    </message>
    <message>
        <source>by actor, the actors with the most first</source>
        <translation>по субъектам, сначала те, у кого их больше</translation>
    </message>
    <message>
        <source>Which anomalies of each kind are listed (at most as many as Rules… says), and whether every anomaly is also counted per actor</source>
        <translation>Какие аномалии каждого вида перечислены (не больше, чем задано в «Правила…») и считается ли каждая аномалия ещё и по субъектам</translation>
    </message>
    <message>
        <source>Every anomaly by actor, the actors with the most first:</source>
        <translation>Все аномалии по субъектам, сначала те, у кого их больше:</translation>
    </message>
    <message numerus="yes">
        <source>By actor, the %n actors with the most anomalies (more have some):</source>
        <translation>
            <numerusform>По субъектам: %n субъект с наибольшим числом аномалий (аномалии есть и у других):</numerusform>
            <numerusform>По субъектам: %n субъекта с наибольшим числом аномалий (аномалии есть и у других):</numerusform>
            <numerusform>По субъектам: %n субъектов с наибольшим числом аномалий (аномалии есть и у других):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more actors with anomalies: the exported report (JSON) lists them.</source>
        <translation>
            <numerusform>… и ещё %n субъект с аномалиями: их перечисляет экспортированный отчёт (JSON).</numerusform>
            <numerusform>… и ещё %n субъекта с аномалиями: их перечисляет экспортированный отчёт (JSON).</numerusform>
            <numerusform>… и ещё %n субъектов с аномалиями: их перечисляет экспортированный отчёт (JSON).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and at least %n more actors with anomalies.</source>
        <translation>
            <numerusform>… и ещё как минимум %n субъект с аномалиями.</numerusform>
            <numerusform>… и ещё как минимум %n субъекта с аномалиями.</numerusform>
            <numerusform>… и ещё как минимум %n субъектов с аномалиями.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; caused no row in %2.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; не создал ни одной строки в %2.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; caused in %2: %3%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; создал в %2: %3%4</translation>
    </message>
    <message>
        <source> (and more)</source>
        <translation> (и ещё)</translation>
    </message>
</context>
<context>
    <name>iw::LiveRecordPanel</name>
    <message>
        <source>Select a record to read its row whole: every column, the stored response body and what it caused.</source>
        <translation>Выберите запись, чтобы прочитать её строку целиком: каждый столбец, сохранённое тело ответа и то, к чему она привела.</translation>
    </message>
    <message>
        <source>Read the whole response body</source>
        <translation>Прочитать тело ответа целиком</translation>
    </message>
    <message>
        <source>The panel shows the first 4 KiB of a body; this reads all of it</source>
        <translation>Панель показывает первые 4 КиБ тела; эта кнопка читает его целиком</translation>
    </message>
    <message>
        <source>%1 (stored as %2)%3</source>
        <translation>%1 (хранится как %2)%3</translation>
    </message>
    <message>
        <source>, status %1</source>
        <translation>, статус %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Created:</source>
        <translation>Создана:</translation>
    </message>
    <message>
        <source>Completed:</source>
        <translation>Завершена:</translation>
    </message>
    <message>
        <source>Expires:</source>
        <translation>Истекает:</translation>
    </message>
    <message>
        <source>Lease until:</source>
        <translation>Аренда до:</translation>
    </message>
    <message>
        <source>Anomalies: %1</source>
        <translation>Аномалии: %1</translation>
    </message>
    <message>
        <source>The row</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>The mapping reads no response body</source>
        <translation>Сопоставление не читает тело ответа</translation>
    </message>
    <message>
        <source>No response body stored (%1 is NULL)</source>
        <translation>Тело ответа не сохранено (%1 равно NULL)</translation>
    </message>
    <message>
        <source>%1, %2 bytes</source>
        <translation>%1, %2 байт</translation>
    </message>
    <message>
        <source>%1, the first %2 of %3 bytes</source>
        <translation>%1, первые %2 из %3 байт</translation>
    </message>
    <message>
        <source>The stored response body (%1)</source>
        <translation>Сохранённое тело ответа (%1)</translation>
    </message>
    <message>
        <source>No effects in %1</source>
        <translation>Эффектов в %1 нет</translation>
    </message>
    <message numerus="yes">
        <source>Effects in %1: %n rows%2</source>
        <translation>
            <numerusform>Эффекты в %1: %n строка%2</numerusform>
            <numerusform>Эффекты в %1: %n строки%2</numerusform>
            <numerusform>Эффекты в %1: %n строк%2</numerusform>
        </translation>
    </message>
    <message>
        <source> (and more)</source>
        <translation> (и ещё)</translation>
    </message>
</context>
<context>
    <name>iw::LiveRecordsModel</name>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Субъект</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Stored as</source>
        <translation>Хранится как</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Тело</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создана</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Истекает</translation>
    </message>
    <message>
        <source>Lease until</source>
        <translation>Аренда до</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Аномалии</translation>
    </message>
    <message>
        <source>The state at the database&apos;s clock: a terminal record is expired once past its expiry</source>
        <translation>Состояние по часам базы данных: запись в конечном состоянии считается expired, как только истёк её срок</translation>
    </message>
    <message>
        <source>The state column&apos;s value as stored in the table</source>
        <translation>Значение столбца состояния в том виде, в каком оно хранится в таблице</translation>
    </message>
    <message>
        <source>Relative to the snapshot&apos;s now (the database&apos;s clock); the tooltip gives the UTC time</source>
        <translation>Относительно момента снимка (по часам базы данных); во всплывающей подсказке&#xa0;— время UTC</translation>
    </message>
    <message>
        <source>Size of the stored response body</source>
        <translation>Размер тела сохранённого ответа</translation>
    </message>
    <message>
        <source>in_progress (stuck)</source>
        <translation>in_progress (зависшая)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>never expires</source>
        <translation>не истекает</translation>
    </message>
    <message>
        <source>no lease</source>
        <translation>без аренды</translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln&#xa0;байт</numerusform>
            <numerusform>%Ln&#xa0;байта</numerusform>
            <numerusform>%Ln&#xa0;байт</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveRules</name>
    <message>
        <source>%1 %2 (default %3)</source>
        <translation>%1 %2 (по умолчанию %3)</translation>
    </message>
    <message>
        <source>regeneration look-back %1 (default %2)</source>
        <translation>глубина просмотра для повторной генерации key %1 (по умолчанию %2)</translation>
    </message>
    <message>
        <source>listed per kind %1 (default %2)</source>
        <translation>лимит списка на тип %1 (по умолчанию %2)</translation>
    </message>
    <message>
        <source>the default rules</source>
        <translation>правила по умолчанию</translation>
    </message>
    <message>
        <source>Anomalies listed per kind; the counts and the exports always cover them all</source>
        <translation>Сколько аномалий каждого вида перечислять; счётчики и экспорт всегда охватывают все</translation>
    </message>
    <message>
        <source>Listed per kind:</source>
        <translation>Лимит списка на тип:</translation>
    </message>
</context>
<context>
    <name>iw::LiveSession</name>
    <message>
        <source>unexpected failure: %1</source>
        <translation>непредвиденный сбой: %1</translation>
    </message>
    <message>
        <source>no table is open</source>
        <translation>таблица не открыта</translation>
    </message>
    <message>
        <source>no record has the idempotency key &quot;%1&quot; (%2)</source>
        <translation>нет записи с ключом идемпотентности «%1» (%2)</translation>
    </message>
    <message>
        <source>the record is no longer in the table</source>
        <translation>записи больше нет в таблице</translation>
    </message>
</context>
<context>
    <name>iw::LiveTableDialog</name>
    <message>
        <source>Choose a table and a mapping</source>
        <translation>Выбор таблицы и сопоставления</translation>
    </message>
    <message>
        <source>Connected to %1 (read-only).</source>
        <translation>Подключено к %1 (только чтение).</translation>
    </message>
    <message>
        <source>Tables with a unique key on a key-like column:</source>
        <translation>Таблицы, где уникальный ключ включает столбец, похожий на ключ идемпотентности:</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Таблица</translation>
    </message>
    <message>
        <source>Unique key</source>
        <translation>Уникальный ключ</translation>
    </message>
    <message>
        <source>Rows (estimate)</source>
        <translation>Строк (оценка)</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Подходит</translation>
    </message>
    <message>
        <source>or type a name: schema.table, or &quot;Quoted&quot;.&quot;Name&quot;</source>
        <translation>или введите имя: schema.table или &quot;Quoted&quot;.&quot;Name&quot;</translation>
    </message>
    <message>
        <source>Looked up as written first, then as SQL reads a name (quotes, case folding, search_path). It is never spliced into SQL.</source>
        <translation>Сначала ищется в точности как написано, затем&#xa0;— так, как SQL читает имя (кавычки, приведение регистра, search_path). В текст SQL имя никогда не подставляется.</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Таблица:</translation>
    </message>
    <message>
        <source>Mapping file…</source>
        <translation>Файл сопоставления…</translation>
    </message>
    <message>
        <source>How the table&apos;s columns become actor, operation, key, state, times, response and fingerprint</source>
        <translation>Как столбцы таблицы сопоставляются с субъектом, операцией, key, состоянием, отметками времени, ответом и fingerprint</translation>
    </message>
    <message>
        <source>Mapping:</source>
        <translation>Сопоставление:</translation>
    </message>
    <message>
        <source>Choose a table to see how its rows classify.</source>
        <translation>Выберите таблицу, чтобы увидеть, как классифицируются её строки.</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Открыть</translation>
    </message>
    <message>
        <source>Inspect this table with this mapping</source>
        <translation>Проверить эту таблицу с этим сопоставлением</translation>
    </message>
    <message>
        <source>Open a mapping file</source>
        <translation>Открыть файл сопоставления</translation>
    </message>
    <message>
        <source>Mapping files (*.json);;All files (*)</source>
        <translation>Файлы сопоставления (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>не анализировалась</translation>
    </message>
    <message>
        <source>no preset</source>
        <translation>нет готового сопоставления</translation>
    </message>
    <message>
        <source>No table with a unique key on a key-like column is readable here: type a table name.</source>
        <translation>Здесь нет доступных для чтения таблиц, где уникальный ключ включает столбец, похожий на ключ идемпотентности: введите имя таблицы.</translation>
    </message>
    <message>
        <source>Reading %1 with the %2 mapping…</source>
        <translation>Чтение %1 с сопоставлением %2…</translation>
    </message>
    <message>
        <source>%1 with the %2 mapping: %3, %4 in progress, %5 completed, %6 expired; %7. The first rows classify as below.</source>
        <translation>%1 с сопоставлением %2&#xa0;— %3, %4 in_progress, %5 completed, %6 expired; %7. Первые строки классифицируются так, как показано ниже.</translation>
    </message>
    <message>
        <source>no anomalies</source>
        <translation>аномалий нет</translation>
    </message>
    <message>
        <source>anomalies: %1</source>
        <translation>аномалии: %1</translation>
    </message>
    <message>
        <source>Counted with the default rules.</source>
        <translation>Подсчитано по правилам по умолчанию.</translation>
    </message>
    <message>
        <source>Counted with the rules remembered for this table: %1.</source>
        <translation>Подсчитано по правилам, сохранённым для этой таблицы: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запись</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записей</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveWindow</name>
    <message>
        <source>Live database — %1</source>
        <translation>Рабочая база данных&#xa0;— %1</translation>
    </message>
    <message>
        <source>Connected; choose a table.</source>
        <translation>Подключено; выберите таблицу.</translation>
    </message>
    <message>
        <source>&amp;Table…</source>
        <translation>&amp;Таблица…</translation>
    </message>
    <message>
        <source>Choose the table and the mapping to inspect</source>
        <translation>Выбрать таблицу и сопоставление для проверки</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>Read the table again: counts, anomalies and this page (F5)</source>
        <translation>Прочитать таблицу заново: счётчики, аномалии и эту страницу (F5)</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation>&amp;Следить</translation>
    </message>
    <message>
        <source>Read the table again at the interval beside; stops by itself on an error</source>
        <translation>Перечитывать таблицу с интервалом, указанным рядом; при ошибке слежение останавливается автоматически</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation>Во&amp;зобновить</translation>
    </message>
    <message>
        <source>Reconnect if needed and read the table again after a stop</source>
        <translation>После остановки переподключиться, если нужно, и снова прочитать таблицу</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>О&amp;тменить</translation>
    </message>
    <message>
        <source>Cancel the query now running on the server</source>
        <translation>Отменить запрос, который сейчас выполняется на сервере</translation>
    </message>
    <message>
        <source>First page</source>
        <translation>Первая страница</translation>
    </message>
    <message>
        <source>The first rows of the chosen order</source>
        <translation>Первые строки в выбранном порядке</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Предыдущая страница</translation>
    </message>
    <message>
        <source>The rows just before this page (keyset paging, no OFFSET)</source>
        <translation>Строки сразу перед этой страницей (постраничное чтение по ключу, без OFFSET)</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Следующая страница</translation>
    </message>
    <message>
        <source>The rows just after this page (keyset paging, no OFFSET)</source>
        <translation>Строки сразу после этой страницы (постраничное чтение по ключу, без OFFSET)</translation>
    </message>
    <message>
        <source>Last page</source>
        <translation>Последняя страница</translation>
    </message>
    <message>
        <source>The last rows of the chosen order (by time: the newest)</source>
        <translation>Последние строки в выбранном порядке (по времени&#xa0;— самые новые)</translation>
    </message>
    <message>
        <source>R&amp;ules…</source>
        <translation>&amp;Правила…</translation>
    </message>
    <message>
        <source>Change the anomaly thresholds (stuck age, regeneration window, graces)</source>
        <translation>Изменить пороги аномалий (возраст зависшей записи, окно повторной генерации key, допустимые задержки)</translation>
    </message>
    <message>
        <source>&amp;Export anomalies (CSV)…</source>
        <translation>&amp;Экспорт аномалий (CSV)…</translation>
    </message>
    <message>
        <source>Export &amp;report (JSON)…</source>
        <translation>Экспорт &amp;отчёта (JSON)…</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Просмотр в реальном времени</translation>
    </message>
    <message>
        <source>every </source>
        <translation>раз в </translation>
    </message>
    <message>
        <source> s</source>
        <translation>&#xa0;с</translation>
    </message>
    <message>
        <source>How often Follow reads the table</source>
        <translation>Как часто слежение перечитывает таблицу</translation>
    </message>
    <message>
        <source>by creation time</source>
        <translation>по времени создания</translation>
    </message>
    <message>
        <source>by key</source>
        <translation>по ключу</translation>
    </message>
    <message>
        <source>The order pages are read in: the time column, or the table&apos;s unique key</source>
        <translation>Порядок чтения страниц: по столбцу времени или по уникальному ключу таблицы</translation>
    </message>
    <message>
        <source>Order by creation &amp;time</source>
        <translation>Упорядочить по &amp;времени создания</translation>
    </message>
    <message>
        <source>Order by &amp;key</source>
        <translation>Упорядочить по &amp;ключу</translation>
    </message>
    <message>
        <source>Seek</source>
        <translation>Переход к значению</translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>ключ идемпотентности</translation>
    </message>
    <message>
        <source>key order</source>
        <translation>порядок ключа</translation>
    </message>
    <message>
        <source>What Go to compares the value with: the idempotency key itself, or the first columns of the table&apos;s unique key (the key order)</source>
        <translation>С чем переход сравнивает значение: с самим ключом идемпотентности или с первыми столбцами уникального ключа таблицы (порядок ключа)</translation>
    </message>
    <message>
        <source>2026-12-01 08:00:00 UTC</source>
        <translation>2026-12-01 08:00:00 UTC</translation>
    </message>
    <message>
        <source>Seek the time order to rows created at or after this instant (UTC unless an offset is given: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter goes there</source>
        <translation>Перейти в порядке времени к строкам, созданным в этот момент или позже (по UTC, если смещение не указано: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter выполняет переход</translation>
    </message>
    <message>
        <source>Go to time</source>
        <translation>Перейти ко времени</translation>
    </message>
    <message>
        <source>Read the rows created at or after the time typed beside</source>
        <translation>Прочитать строки, созданные в указанное рядом время или позже</translation>
    </message>
    <message>
        <source>Go to &amp;key…</source>
        <translation>&amp;Перейти к key…</translation>
    </message>
    <message>
        <source>Type an idempotency key (or a key-order value) in the seek field</source>
        <translation>Ввести ключ идемпотентности (или значение в порядке ключа) в поле перехода</translation>
    </message>
    <message>
        <source>Go to &amp;time…</source>
        <translation>Перейти ко &amp;времени…</translation>
    </message>
    <message>
        <source>Type a UTC time in the seek field</source>
        <translation>Ввести время UTC в поле перехода</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Переход</translation>
    </message>
    <message>
        <source>&amp;Anomalies</source>
        <translation>&amp;Аномалии</translation>
    </message>
    <message>
        <source>No table open.</source>
        <translation>Таблица не открыта.</translation>
    </message>
    <message>
        <source>Click an anomaly to show its record (the page seeks to it when needed)</source>
        <translation>Щёлкните аномалию, чтобы показать её запись (при необходимости страница переместится к ней)</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Аномалии</translation>
    </message>
    <message>
        <source>%1 · PostgreSQL %2 · read-only</source>
        <translation>%1 · PostgreSQL %2 · только чтение</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Открытие %1…</translation>
    </message>
    <message>
        <source>Live database — %1 (%2)</source>
        <translation>Рабочая база данных&#xa0;— %1 (%2)</translation>
    </message>
    <message>
        <source>Resuming: reconnecting if needed and reading the table again…</source>
        <translation>Возобновление: переподключение, если нужно, и повторное чтение таблицы…</translation>
    </message>
    <message>
        <source>Following (resuming…)</source>
        <translation>Слежение (возобновление…)</translation>
    </message>
    <message>
        <source>Following again: reconnecting if needed and reading the table; if that fails, following stops and says why; click to stop (Ctrl+L)</source>
        <translation>Слежение возобновляется: переподключение, если нужно, и чтение таблицы; если не получится, слежение остановится и сообщит причину; щёлкните, чтобы остановить (Ctrl+L)</translation>
    </message>
    <message>
        <source>Following (reconnecting…)</source>
        <translation>Слежение (переподключение…)</translation>
    </message>
    <message>
        <source>Following, but the connection was lost: reconnecting; if that fails, following stops and says why; click to stop (Ctrl+L)</source>
        <translation>Слежение продолжается, но подключение потеряно: идёт переподключение; если не получится, слежение остановится и сообщит причину; щёлкните, чтобы остановить (Ctrl+L)</translation>
    </message>
    <message>
        <source>Following</source>
        <translation>Слежение</translation>
    </message>
    <message numerus="yes">
        <source>Following: the table is read again every %n s; click to stop (Ctrl+L)</source>
        <translation>
            <numerusform>Слежение: таблица перечитывается раз в %n&#xa0;с; щёлкните, чтобы остановить (Ctrl+L)</numerusform>
            <numerusform>Слежение: таблица перечитывается раз в %n&#xa0;с; щёлкните, чтобы остановить (Ctrl+L)</numerusform>
            <numerusform>Слежение: таблица перечитывается раз в %n&#xa0;с; щёлкните, чтобы остановить (Ctrl+L)</numerusform>
        </translation>
    </message>
    <message>
        <source>Follow (stopped)</source>
        <translation>Следить (остановлено)</translation>
    </message>
    <message>
        <source>Not following: following stopped on an error; Resume reconnects and follows again</source>
        <translation>Слежение выключено: оно остановилось из-за ошибки; «Возобновить» переподключится и снова включит слежение</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Следить</translation>
    </message>
    <message numerus="yes">
        <source>Not following: click to read the table again every %n s (Ctrl+L)</source>
        <translation>
            <numerusform>Слежение выключено: щёлкните, чтобы перечитывать таблицу раз в %n&#xa0;с (Ctrl+L)</numerusform>
            <numerusform>Слежение выключено: щёлкните, чтобы перечитывать таблицу раз в %n&#xa0;с (Ctrl+L)</numerusform>
            <numerusform>Слежение выключено: щёлкните, чтобы перечитывать таблицу раз в %n&#xa0;с (Ctrl+L)</numerusform>
        </translation>
    </message>
    <message>
        <source>Re&amp;sume following</source>
        <translation>Во&amp;зобновить слежение</translation>
    </message>
    <message>
        <source>idempotency key (%1)</source>
        <translation>ключ идемпотентности (%1)</translation>
    </message>
    <message>
        <source>key order (%1)</source>
        <translation>порядок ключа (%1)</translation>
    </message>
    <message>
        <source>go to idempotency key…</source>
        <translation>перейти к ключу идемпотентности…</translation>
    </message>
    <message>
        <source>Find the record whose idempotency key (%1) is this value and show it with its neighbours in the order chosen</source>
        <translation>Найти запись с этим значением ключа идемпотентности (%1) и показать её вместе с соседними записями в выбранном порядке</translation>
    </message>
    <message>
        <source>the mapping&apos;s key</source>
        <translation>key по сопоставлению</translation>
    </message>
    <message>
        <source>go to %1…</source>
        <translation>перейти к значению %1…</translation>
    </message>
    <message>
        <source>key</source>
        <translation>ключа</translation>
    </message>
    <message>
        <source>Seek the key order (%1) to this value of its first column, %2, and read from there</source>
        <translation>Найти в порядке ключа (%1) это значение его первого столбца, %2, и читать с этого места</translation>
    </message>
    <message>
        <source>%1; reconnecting…</source>
        <translation>%1; переподключение…</translation>
    </message>
    <message>
        <source>Snapshot at %1 (the database&apos;s clock)</source>
        <translation>Снимок на момент %1 (по часам базы данных)</translation>
    </message>
    <message>
        <source>, read in %1 ms</source>
        <translation>, прочитан за %1&#xa0;мс</translation>
    </message>
    <message>
        <source> · hot-standby replica, lag %1 (age of the last replayed transaction)</source>
        <translation> · реплика hot standby, отставание %1 (возраст последней воспроизведённой транзакции)</translation>
    </message>
    <message>
        <source> · hot-standby replica, nothing replayed yet</source>
        <translation> · реплика hot standby, пока ничего не воспроизведено</translation>
    </message>
    <message>
        <source> — %1</source>
        <translation>&#xa0;— %1</translation>
    </message>
    <message>
        <source>Page read</source>
        <translation>Страница прочитана</translation>
    </message>
    <message>
        <source>; this page read in %1 ms</source>
        <translation>; эта страница прочитана за %1&#xa0;мс</translation>
    </message>
    <message>
        <source>No rows on this page.</source>
        <translation>На этой странице нет строк.</translation>
    </message>
    <message>
        <source>%1 on this page (%2); the axis counts from %3, the earliest time shown; now is %4 (the database&apos;s clock).</source>
        <translation>%1 на этой странице (%2); ось отсчитывается от %3, самого раннего показанного момента; сейчас %4 (по часам базы данных).</translation>
    </message>
    <message>
        <source>The %1 threshold has no effect on this table: all %2 in-progress rows have a lease, and a row with a lease is stuck once its lease has passed.</source>
        <translation>Порог %1 для этой таблицы ни на что не влияет: у всех строк in_progress (%2) есть аренда, а строка с арендой считается зависшей, как только её аренда истекла.</translation>
    </message>
    <message>
        <source>The %1 threshold applies to the %2 in-progress rows without a lease; the %3 with a lease are stuck once their lease has passed.</source>
        <translation>Порог %1 применяется к строкам in_progress без аренды (%2); строки с арендой (%3) считаются зависшими, как только их аренда истекла.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; read with the &lt;b&gt;%2&lt;/b&gt; mapping</source>
        <translation>Таблица &lt;b&gt;%1&lt;/b&gt; прочитана с сопоставлением &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;%2&lt;/b&gt; in progress &amp;nbsp; %3 &lt;b&gt;%4&lt;/b&gt; completed &amp;nbsp; %5 &lt;b&gt;%6&lt;/b&gt; expired &amp;nbsp;·&amp;nbsp; %7 records &amp;nbsp;·&amp;nbsp; %8</source>
        <translation>%1 &lt;b&gt;%2&lt;/b&gt; in_progress &amp;nbsp; %3 &lt;b&gt;%4&lt;/b&gt; completed &amp;nbsp; %5 &lt;b&gt;%6&lt;/b&gt; expired &amp;nbsp;·&amp;nbsp; всего записей: %7 &amp;nbsp;·&amp;nbsp; %8</translation>
    </message>
    <message>
        <source>no anomalies</source>
        <translation>аномалий нет</translation>
    </message>
    <message>
        <source>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2&lt;/b&gt; anomalies&lt;/span&gt;</source>
        <translation>&lt;span style=&quot;color:%1&quot;&gt;аномалий: &lt;b&gt;%2&lt;/b&gt;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Listing %1 of %2: at most %3 of each kind.&lt;/p&gt;</source>
        <translation>&lt;p&gt;В списке %1 из %2: не более %3 каждого типа.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Rules for this table (remembered): %1.</source>
        <translation>Правила для этой таблицы (сохранённые): %1.</translation>
    </message>
    <message>
        <source>Rules for this table: %1.</source>
        <translation>Правила для этой таблицы: %1.</translation>
    </message>
    <message>
        <source>Last request failed: %1</source>
        <translation>Последний запрос не выполнен: %1</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>чтение…</translation>
    </message>
    <message>
        <source>Click an anomaly to see why it is listed and to show its record.</source>
        <translation>Щёлкните аномалию, чтобы увидеть, почему она в списке, и показать её запись.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time: write it as 2026-12-01 08:00:00 UTC (seconds and UTC may be left out)</source>
        <translation>«%1» не является временем: укажите его в виде 2026-12-01 08:00:00 UTC (секунды и UTC можно не указывать)</translation>
    </message>
    <message>
        <source>Anomaly rules for %1</source>
        <translation>Правила аномалий для %1</translation>
    </message>
    <message>
        <source>These rules apply to %1 only and are remembered for it.</source>
        <translation>Эти правила действуют только для таблицы %1 и сохраняются для неё.</translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <translation>%1 (%2):</translation>
    </message>
    <message>
        <source>Regeneration look-back:</source>
        <translation>Глубина просмотра для повторной генерации key:</translation>
    </message>
    <message>
        <source>suspected_key_regeneration looks at the rows created this long before now</source>
        <translation>suspected_key_regeneration просматривает строки, созданные не раньше чем за это время до текущего момента</translation>
    </message>
    <message>
        <source>nothing to export yet: no snapshot has been taken</source>
        <translation>экспортировать пока нечего: снимок ещё не сделан</translation>
    </message>
    <message>
        <source>Export the inspection report</source>
        <translation>Экспорт отчёта о проверке</translation>
    </message>
    <message>
        <source>Export anomalies</source>
        <translation>Экспорт аномалий</translation>
    </message>
    <message>
        <source>Inspection report (*.json)</source>
        <translation>Отчёт о проверке (*.json)</translation>
    </message>
    <message>
        <source>Anomalies as CSV (*.csv)</source>
        <translation>Аномалии в CSV (*.csv)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запись</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записей</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the anomalies of the snapshot on screen as CSV, with age and key columns (as many as it lists: Rules… sets how many)</source>
        <translation>Сохранить аномалии снимка на экране в CSV, со столбцами возраста и уникального ключа (столько, сколько он перечисляет: сколько именно, задают Правила…)</translation>
    </message>
    <message>
        <source>Save the snapshot on screen as the inspection report: its counts, the anomalies it lists and this page&apos;s records</source>
        <translation>Сохранить снимок на экране как отчёт о проверке: его счётчики, перечисленные в нём аномалии и записи этой страницы</translation>
    </message>
    <message>
        <source>Following (stale since %1)</source>
        <translation>Слежение (данные устарели с %1)</translation>
    </message>
    <message>
        <source>Following, but the read now running has not answered within the interval: the data shown is the snapshot of %1; Cancel (Esc) gives up on the read; click to stop (Ctrl+L)</source>
        <translation>Слежение продолжается, но текущее чтение не получило ответа за интервал: показан снимок на %1; «Отменить» (Esc) прекращает чтение; щёлкните, чтобы остановить (Ctrl+L)</translation>
    </message>
    <message>
        <source>%1; reconnecting… The data shown is the snapshot of %2.</source>
        <translation>%1; переподключение… Показан снимок на %2.</translation>
    </message>
    <message>
        <source>%1. The data shown is the snapshot of %2.</source>
        <translation>%1. Показан снимок на %2.</translation>
    </message>
    <message>
        <source>BEGIN READ ONLY for every snapshot: PostgreSQL refuses writes (SQLSTATE 25006); nothing is set on the session</source>
        <translation>BEGIN READ ONLY для каждого снимка: PostgreSQL отклоняет любые изменения данных (SQLSTATE 25006); для сеанса ничего не устанавливается</translation>
    </message>
    <message>
        <source>No new snapshot: the read started at %1 has not answered yet; the data shown is the snapshot of %2.</source>
        <translation>Нового снимка нет: чтение, начатое в %1, ещё не получило ответа; показан снимок на %2.</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Запись</translation>
    </message>
    <message>
        <source>No table open yet.</source>
        <translation>Таблица ещё не открыта.</translation>
    </message>
    <message>
        <source>Reading the table…</source>
        <translation>Читаю таблицу…</translation>
    </message>
    <message>
        <source>; the counts and anomalies are those of %1: following reads the whole table only as often as keeps it to %2 % of one server core (Refresh reads it now)</source>
        <translation>; счётчики и аномалии — на %1: при слежении вся таблица читается лишь так часто, чтобы занимать не больше %2 % одного ядра сервера («Обновить» читает её сейчас)</translation>
    </message>
    <message>
        <source>due to expire within %2: &lt;b&gt;%1&lt;/b&gt; (the sweeper&apos;s next %2, until %3)</source>
        <translation>истекает в ближайшие %2: &lt;b&gt;%1&lt;/b&gt; (следующие %2 очистки, до %3)</translation>
    </message>
    <message>
        <source>Terminal records whose expiry falls within the sweeper&apos;s horizon are what it removes next; Rules… sets the horizon</source>
        <translation>Записи в конечном состоянии, срок которых истекает в пределах горизонта очистки, — то, что она удалит следующим; горизонт задаётся в «Правила…»</translation>
    </message>
    <message>
        <source>Select a record to read its row whole: every column, the stored response body and what it caused.</source>
        <translation>Выберите запись, чтобы прочитать её строку целиком: каждый столбец, сохранённое тело ответа и то, к чему она привела.</translation>
    </message>
    <message>
        <source>Reading the record…</source>
        <translation>Читаю запись…</translation>
    </message>
    <message numerus="yes">
        <source>The key %1 is held by %n scopes: choose one.</source>
        <translation>
            <numerusform>key %1 есть у %n scope: выберите один.</numerusform>
            <numerusform>key %1 есть у %n scope: выберите один.</numerusform>
            <numerusform>key %1 есть у %n scope: выберите один.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweeper&apos;s horizon:</source>
        <translation>Горизонт очистки:</translation>
    </message>
    <message>
        <source>The counts say how many terminal records expire within this long: what the sweeper removes next</source>
        <translation>Счётчики показывают, у скольких записей в конечном состоянии срок истекает в пределах этого времени: что очистка удалит следующим</translation>
    </message>
    <message>
        <source>%1: timestamp without time zone, and the mapping names no time zone, so read in the session&apos;s time zone, %2. If the application writes UTC (Rails, Django with USE_TZ), every time and count here is off by the zone&apos;s offset: open, with Table…, a mapping file that names the zone it writes in (&quot;timezone&quot;: &quot;UTC&quot;).</source>
        <translation>%1: timestamp without time zone, а сопоставление не называет часовой пояс, поэтому время читается в часовом поясе сеанса, %2. Если приложение пишет UTC (Rails, Django с USE_TZ), каждое время и каждый счётчик здесь сдвинуты на смещение пояса: откройте через «Таблица…» файл сопоставления, который называет пояс, в котором пишет приложение (&quot;timezone&quot;: &quot;UTC&quot;).</translation>
    </message>
</context>
<context>
    <name>iw::MysqlLiveConnectDialog</name>
    <message>
        <source>Connect to a live MySQL table</source>
        <translation>Подключение к рабочей таблице MySQL</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in a MySQL or MariaDB table, through a mapping. Every read runs in a read-only transaction that ends before the window shows it, and nothing is set on the session, so a user allowed only SELECT on the table suffices.</source>
        <translation>Прочитать записи идемпотентности, которые сервис хранит в таблице MySQL или MariaDB, через сопоставление. Каждое чтение выполняется в транзакции только для чтения, которая завершается до того, как окно его покажет, и ничего не устанавливается в сеансе, поэтому достаточно пользователя с одним правом SELECT на таблицу.</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Хост:</translation>
    </message>
    <message>
        <source>127.0.0.1</source>
        <translation>127.0.0.1</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>П&amp;орт:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>По&amp;льзователь:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Паро&amp;ль:</translation>
    </message>
    <message>
        <source>Used for this window only and never saved.</source>
        <translation>Используется только для этого окна и никогда не сохраняется.</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;База данных:</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>&amp;Таблица:</translation>
    </message>
    <message>
        <source>empty: the mapping&apos;s table (request_idempotency for workbench-mysql)</source>
        <translation>пусто: таблица сопоставления (request_idempotency для workbench-mysql)</translation>
    </message>
    <message>
        <source>A table of the database above, or database.table</source>
        <translation>Таблица указанной выше базы данных или база.таблица</translation>
    </message>
    <message>
        <source>Ma&amp;pping:</source>
        <translation>Со&amp;поставление:</translation>
    </message>
    <message>
        <source>workbench-mysql reads the table the workbench&apos;s MySQL store writes; the table presets and a mapping file read other shapes</source>
        <translation>workbench-mysql читает таблицу, которую пишет хранилище MySQL самого workbench; табличные пресеты и файл сопоставления читают таблицы другого вида</translation>
    </message>
    <message>
        <source>Name the database the table is in.</source>
        <translation>Укажите базу данных, в которой находится таблица.</translation>
    </message>
    <message>
        <source>The mapping &quot;%1&quot; reads Redis keys, not a table: choose %2 or a table mapping.</source>
        <translation>Сопоставление «%1» читает ключи Redis, а не таблицу: выберите %2 или табличное сопоставление.</translation>
    </message>
</context>
<context>
    <name>iw::MysqlLiveWindow</name>
    <message>
        <source>table %1</source>
        <translation>таблица %1</translation>
    </message>
    <message>
        <source>Live MySQL — %1 — %2</source>
        <translation>Рабочая MySQL — %1 — %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — table &lt;b&gt;%2&lt;/b&gt;, read through the mapping &lt;b&gt;%3&lt;/b&gt;, read only (one read-only transaction per snapshot)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — таблица &lt;b&gt;%2&lt;/b&gt;, прочитанная через сопоставление &lt;b&gt;%3&lt;/b&gt;, только чтение (одна транзакция только для чтения на снимок)</translation>
    </message>
    <message>
        <source>Reading the table…</source>
        <translation>Чтение таблицы…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; records: %2 in progress, %3 completed, %4 expired · %5 rows read · table engine %6 · %7</source>
        <translation>Записей: &lt;b&gt;%1&lt;/b&gt;: в процессе %2, завершено %3, истекло %4 · прочитано строк: %5 · движок таблицы %6 · %7</translation>
    </message>
    <message>
        <source>Every anomaly rule is checked: each row is read whole, in one read-only transaction.</source>
        <translation>Проверяется каждое правило аномалий: каждая строка читается целиком, в одной транзакции только для чтения.</translation>
    </message>
    <message>
        <source>The table uses %1, which has no transactions: the counts and the page are separate reads and may not be one instant&apos;s.</source>
        <translation>Таблица использует %1, у которого нет транзакций: счётчики и страница — отдельные чтения и могут относиться не к одному моменту.</translation>
    </message>
    <message>
        <source>suspected_key_regeneration stopped early: more fingerprints than it keeps in memory.</source>
        <translation>suspected_key_regeneration остановлена раньше: отпечатков больше, чем хранится в памяти.</translation>
    </message>
    <message>
        <source>the first page</source>
        <translation>первая страница</translation>
    </message>
    <message>
        <source>the page after %1</source>
        <translation>страница после %1</translation>
    </message>
    <message>
        <source>the last</source>
        <translation>последняя</translation>
    </message>
    <message>
        <source>more follow</source>
        <translation>дальше есть ещё</translation>
    </message>
    <message>
        <source>Snapshot at %1 (the server&apos;s clock); %2, %3</source>
        <translation>Снимок на %1 (часы сервера); %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запись</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записей</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a record to read its row whole: every column and the stored response body.</source>
        <translation>Выберите запись, чтобы прочитать её строку целиком: каждый столбец и сохранённое тело ответа.</translation>
    </message>
    <message>
        <source>Reading the row…</source>
        <translation>Чтение строки…</translation>
    </message>
    <message>
        <source>Read the table again and this page anew</source>
        <translation>Прочитать таблицу снова и эту страницу заново</translation>
    </message>
    <message>
        <source>Read again at the interval chosen, until you stop it or a read fails</source>
        <translation>Читать снова с выбранным интервалом, пока вы не остановите или чтение не завершится ошибкой</translation>
    </message>
    <message>
        <source>The page before this one</source>
        <translation>Страница перед этой</translation>
    </message>
    <message>
        <source>The anomaly rules for this table (remembered for this server and table)</source>
        <translation>Правила аномалий для этой таблицы (запоминаются для этого сервера и таблицы)</translation>
    </message>
    <message>
        <source>Write the snapshot on screen as the JSON report inspect --mysql --json prints</source>
        <translation>Записать снимок на экране как отчёт JSON, который печатает inspect --mysql --json</translation>
    </message>
    <message>
        <source>the newest page</source>
        <translation>самая новая страница</translation>
    </message>
    <message>
        <source>the page before %1</source>
        <translation>страница перед %1</translation>
    </message>
    <message>
        <source>older ones follow</source>
        <translation>дальше есть более старые</translation>
    </message>
    <message>
        <source>in key order</source>
        <translation>в порядке ключа</translation>
    </message>
    <message>
        <source>the newest first</source>
        <translation>сначала новые</translation>
    </message>
    <message>
        <source>by creation time</source>
        <translation>по времени создания</translation>
    </message>
    <message>
        <source>%1 on this page (%4); the axis counts from %2, the earliest time shown; now is %3 (the server&apos;s clock).</source>
        <translation>%1 на этой странице (%4); ось отсчитывается от %2, самого раннего показанного времени; сейчас %3 (часы сервера).</translation>
    </message>
    <message>
        <source>The first page in the order chosen (newest first: the newest records)</source>
        <translation>Первая страница в выбранном порядке (сначала новые: самые новые записи)</translation>
    </message>
    <message>
        <source>The page after this one&apos;s last row in the order chosen (newest first: older records)</source>
        <translation>Страница после последней строки этой в выбранном порядке (сначала новые: более старые записи)</translation>
    </message>
    <message>
        <source>MariaDB at %1 (%2)</source>
        <translation>MariaDB на %1 (%2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; expire within %2 (the sweeper&apos;s next %2, until %3)</source>
        <translation>истекает в ближайшие %2: &lt;b&gt;%1&lt;/b&gt; (следующие %2 очистки, до %3)</translation>
    </message>
    <message>
        <source>the last page (the oldest records)</source>
        <translation>последняя страница (самые старые записи)</translation>
    </message>
    <message>
        <source>the last page</source>
        <translation>последняя страница</translation>
    </message>
    <message>
        <source>the key order from &quot;%1&quot;</source>
        <translation>порядок ключа начиная с «%1»</translation>
    </message>
    <message>
        <source>the records created at or after %1</source>
        <translation>записи, созданные в %1 или позже</translation>
    </message>
    <message>
        <source>the page around the key &quot;%1&quot;</source>
        <translation>страница вокруг ключа «%1»</translation>
    </message>
    <message>
        <source>a constant</source>
        <translation>константа</translation>
    </message>
    <message>
        <source>the text before the last &quot;%1&quot; of %2</source>
        <translation>текст до последнего «%1» в %2</translation>
    </message>
    <message>
        <source>the text after the last &quot;%1&quot; of %2</source>
        <translation>текст после последнего «%1» в %2</translation>
    </message>
    <message>
        <source>no record of the table %1 has the idempotency key &quot;%2&quot; (%3)</source>
        <translation>в таблице %1 нет записи с ключом идемпотентности «%2» (%3)</translation>
    </message>
    <message>
        <source>Also in this view: pages by creation time or newest first, anomalies counted per actor, a regenerated key&apos;s effects when the mapping names them, seeking to a key or a time, the last page and the sweeper&apos;s horizon. Not in this view of a MySQL table: cancelling a read while it runs (each read is bounded instead, by the statement bound and the deadline), and Previous goes back along the pages read rather than to the rows before.</source>
        <translation>Также в этом представлении: страницы по времени создания или сначала новые, аномалии с подсчётом по субъектам, эффекты заново созданного key, если mapping их называет, переход к ключу или ко времени, последняя страница и горизонт очистки. Нет в этом представлении таблицы MySQL: отмены чтения во время его выполнения (вместо этого каждое чтение ограничено лимитом запроса и крайним сроком), а «Предыдущая страница» возвращает по прочитанным страницам, а не к строкам перед страницей.</translation>
    </message>
</context>
<context>
    <name>iw::RedisLiveConnectDialog</name>
    <message>
        <source>Connect to a live Redis</source>
        <translation>Подключение к рабочему Redis</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in Redis: the keys matching a pattern, each read through a mapping. Only read commands are sent (SCAN with COUNT, never KEYS), so a user allowed +@read suffices; nothing is written.</source>
        <translation>Чтение записей идемпотентности, которые сервис хранит в Redis: ключи, подходящие под шаблон, каждый читается через сопоставление. Отправляются только команды чтения (SCAN с COUNT, никогда KEYS), поэтому достаточно пользователя с правом +@read; ничего не записывается.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>redis://[user:password@]host:port/db  or  unix:///path?db=0</source>
        <translation>redis://[user:password@]host:port/db  или  unix:///path?db=0</translation>
    </message>
    <message>
        <source>A password typed here is used for this window only and never saved.</source>
        <translation>Введённый здесь пароль используется только в этом окне и никогда не сохраняется.</translation>
    </message>
    <message>
        <source>&amp;Match:</source>
        <translation>&amp;Шаблон:</translation>
    </message>
    <message>
        <source>empty: the mapping&apos;s pattern (idempotency:* and the like)</source>
        <translation>пусто: шаблон сопоставления (idempotency:* и т. п.)</translation>
    </message>
    <message>
        <source>A SCAN MATCH glob pattern: the keys read as records</source>
        <translation>Шаблон SCAN MATCH: ключи, читаемые как записи</translation>
    </message>
    <message>
        <source>Ma&amp;pping:</source>
        <translation>Сопо&amp;ставление:</translation>
    </message>
    <message>
        <source>powertools-redis reads the hash fields or the JSON of the Powertools Redis layer; a mapping file can describe another layout (a hash per key, or a string holding JSON)</source>
        <translation>powertools-redis читает поля хеша или JSON слоя Redis библиотеки Powertools; файл сопоставления может описать другую раскладку (хеш на ключ или строку с JSON)</translation>
    </message>
    <message>
        <source>The mapping &quot;%1&quot; describes a table, not Redis keys: choose %2 or a mapping file with a &quot;redis&quot; member.</source>
        <translation>Сопоставление «%1» описывает таблицу, а не ключи Redis: выберите %2 или файл сопоставления с членом &quot;redis&quot;.</translation>
    </message>
</context>
<context>
    <name>iw::RedisLiveWindow</name>
    <message>
        <source>Redis deletes a key itself once its expiry passes: there is no sweeper for a record to wait for</source>
        <translation>Redis сам удаляет ключ, когда истекает его срок: записи некого ждать — очистки нет</translation>
    </message>
    <message>
        <source>Reading the keyspace…</source>
        <translation>Чтение пространства ключей…</translation>
    </message>
    <message>
        <source>Live Redis — %1</source>
        <translation>Рабочий Redis — %1</translation>
    </message>
    <message>
        <source>Scan the keyspace again and read this page anew</source>
        <translation>Снова просканировать пространство ключей и перечитать эту страницу</translation>
    </message>
    <message>
        <source>Scan again at the interval chosen, until you stop it or a read fails</source>
        <translation>Сканировать снова с выбранным интервалом, пока вы не остановите или чтение не завершится ошибкой</translation>
    </message>
    <message>
        <source>The page at scan cursor 0</source>
        <translation>Страница с курсора сканирования 0</translation>
    </message>
    <message>
        <source>The page before this one, at the scan cursor it started at</source>
        <translation>Страница перед этой, с курсора сканирования, с которого она начиналась</translation>
    </message>
    <message>
        <source>The page at the scan cursor this one ended at</source>
        <translation>Страница с курсора сканирования, на котором закончилась эта</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — keys matching &lt;b&gt;%2&lt;/b&gt;, read through the mapping &lt;b&gt;%3&lt;/b&gt;, read only</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — ключи по шаблону &lt;b&gt;%2&lt;/b&gt;, прочитанные через сопоставление &lt;b&gt;%3&lt;/b&gt;, только чтение</translation>
    </message>
    <message>
        <source>the server&apos;s clock</source>
        <translation>часы сервера</translation>
    </message>
    <message>
        <source>this machine&apos;s clock: the user may not run TIME</source>
        <translation>часы этой машины: пользователю нельзя выполнять TIME</translation>
    </message>
    <message>
        <source>page from scan cursor %1, the last</source>
        <translation>страница с курсора сканирования %1, последняя</translation>
    </message>
    <message>
        <source>page from scan cursor %1, the next at %2</source>
        <translation>страница с курсора сканирования %1, следующая с %2</translation>
    </message>
    <message>
        <source>Snapshot at %1 (%2); %3</source>
        <translation>Снимок на %1 (%2); %3</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Not checked on Redis keys: %1.</source>
        <translation>Не проверяется на ключах Redis: %1.</translation>
    </message>
    <message>
        <source>suspected_key_regeneration stopped early: more fingerprints than it keeps in memory.</source>
        <translation>suspected_key_regeneration остановлена раньше: отпечатков больше, чем хранится в памяти.</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <source>Unreadable keys: %1 — %2</source>
        <translation>Нечитаемые ключи: %1 — %2</translation>
    </message>
    <message>
        <source>The anomaly rules for these keys (remembered for this URL and pattern)</source>
        <translation>Правила аномалий для этих ключей (запоминаются для этого URL и шаблона)</translation>
    </message>
    <message>
        <source>Write the snapshot on screen as the JSON report inspect --redis prints</source>
        <translation>Записать снимок на экране как JSON-отчёт, который печатает inspect --redis</translation>
    </message>
    <message>
        <source>%1 on this page (by key name); the axis counts from %2, the earliest time shown; now is %3 (%4).</source>
        <translation>%1 на этой странице (по имени ключа); ось отсчитывается от %2, самого раннего показанного времени; сейчас %3 (%4).</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запись</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записей</numerusform>
        </translation>
    </message>
    <message>
        <source>this machine&apos;s clock</source>
        <translation>часы этой машины</translation>
    </message>
    <message>
        <source>Select a record to read its key whole: every field, its expiry and the stored response body.</source>
        <translation>Выберите запись, чтобы прочитать её ключ целиком: каждое поле, срок истечения и сохранённое тело ответа.</translation>
    </message>
    <message>
        <source>Reading the key…</source>
        <translation>Чтение ключа…</translation>
    </message>
    <message>
        <source>Not on a Redis keyspace: seeking by time or by key order, and a last page (a scan has no order of its own and only goes forward: pages follow the scan cursor, each shown by key name); the sweeper&apos;s horizon (Redis deletes a key itself once its expiry passes); effects (no business tables beside the keys).</source>
        <translation>Неприменимо к пространству ключей Redis: переход по времени или по порядку ключей и последняя страница (у сканирования нет собственного порядка, и оно идёт только вперёд: страницы следуют за курсором сканирования, каждая показана по имени ключа); горизонт очистки (Redis сам удаляет ключ, когда истекает его срок); эффекты (рядом с ключами нет бизнес-таблиц).</translation>
    </message>
    <message>
        <source>keys matching %1</source>
        <translation>ключи по шаблону %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; records: %2 in progress, %3 completed, %4 expired · %5 keys scanned · %6 without expiry · %7 unreadable</source>
        <translation>Записей: &lt;b&gt;%1&lt;/b&gt;: в процессе %2, завершено %3, истекло %4 · просканировано ключей: %5 · без срока: %6 · нечитаемых: %7</translation>
    </message>
</context>
</TS>
