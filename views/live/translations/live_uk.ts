<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw::CursorLiveConnectDialog</name>
    <message>
        <source>Choose a mapping file…</source>
        <translation>Вибрати файл зіставлення…</translation>
    </message>
    <message>
        <source>Mapping file</source>
        <translation>Файл зіставлення</translation>
    </message>
    <message>
        <source>Mappings (*.json);;All files (*)</source>
        <translation>Зіставлення (*.json);;Усі файли (*)</translation>
    </message>
</context>
<context>
    <name>iw::CursorLiveWindow</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Оновити</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation>&amp;Стежити</translation>
    </message>
    <message>
        <source> every </source>
        <translation> кожні </translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>F&amp;irst page</source>
        <translation>&amp;Перша сторінка</translation>
    </message>
    <message>
        <source>&amp;Previous page</source>
        <translation>Попе&amp;редня сторінка</translation>
    </message>
    <message>
        <source>&amp;Next page</source>
        <translation>&amp;Наступна сторінка</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрити</translation>
    </message>
    <message>
        <source>R&amp;ules…</source>
        <translation>&amp;Правила…</translation>
    </message>
    <message>
        <source>&amp;Export anomalies (CSV)…</source>
        <translation>&amp;Експорт аномалій (CSV)…</translation>
    </message>
    <message>
        <source>Write the anomalies of the snapshot on screen as CSV</source>
        <translation>Записати аномалії знімка на екрані в CSV</translation>
    </message>
    <message>
        <source>Export &amp;report (JSON)…</source>
        <translation>Експорт &amp;звіту (JSON)…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Anomalies</source>
        <translation>&amp;Аномалії</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Аномалії</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Запис</translation>
    </message>
    <message>
        <source>No records on this page.</source>
        <translation>На цій сторінці немає записів.</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>зупинено: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;Anomalies — %2</source>
        <translation>%1&lt;br&gt;Аномалії — %2</translation>
    </message>
    <message>
        <source>Anomaly rules for %1</source>
        <translation>Правила аномалій для %1</translation>
    </message>
    <message>
        <source>These rules apply to %1 at %2 only and are remembered for them.</source>
        <translation>Ці правила застосовуються лише до %1 на %2 і запам&apos;ятовуються для них.</translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <translation>%1 (%2):</translation>
    </message>
    <message>
        <source>does not apply: %1</source>
        <translation>не застосовується: %1</translation>
    </message>
    <message>
        <source>Regeneration look-back:</source>
        <translation>Глибина перегляду для повторної генерації key:</translation>
    </message>
    <message>
        <source>suspected_key_regeneration looks at the records created this long before now</source>
        <translation>suspected_key_regeneration переглядає записи, створені не раніше цього терміну до поточного моменту</translation>
    </message>
    <message>
        <source>nothing to export yet: no snapshot has been taken</source>
        <translation>експортувати поки нічого: знімок ще не зроблено</translation>
    </message>
    <message>
        <source>Export anomalies</source>
        <translation>Експорт аномалій</translation>
    </message>
    <message>
        <source>Anomalies as CSV (*.csv)</source>
        <translation>Аномалії в CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export the inspection report</source>
        <translation>Експорт звіту про перевірку</translation>
    </message>
    <message>
        <source>Inspection report (*.json)</source>
        <translation>Звіт про перевірку (*.json)</translation>
    </message>
    <message>
        <source>by key</source>
        <translation>за ключем</translation>
    </message>
    <message>
        <source>by creation time</source>
        <translation>за часом створення</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>спершу нові</translation>
    </message>
    <message>
        <source>The order pages are read in: the table&apos;s unique key, the creation time from the oldest, or from the newest backwards (the next page holds older records)</source>
        <translation>Порядок читання сторінок: за унікальним ключем таблиці, за часом створення від найстаріших або від найновіших назад (наступна сторінка містить старіші записи)</translation>
    </message>
    <message>
        <source>Click an anomaly to see why it is listed, with the business rows its keys caused, and to select its record when it is on this page</source>
        <translation>Клацніть аномалію, щоб побачити, чому вона в списку, разом із рядками бізнес-таблиці, які спричинили її key, і вибрати її запис, якщо він на цій сторінці</translation>
    </message>
    <message>
        <source>Click an anomaly to see why it is listed and to select its record.</source>
        <translation>Клацніть аномалію, щоб побачити, чому вона в списку, і вибрати її запис.</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Перехід</translation>
    </message>
    <message>
        <source>no record has the idempotency key &quot;%1&quot;</source>
        <translation>немає запису з ключем ідемпотентності «%1»</translation>
    </message>
    <message>
        <source>&amp;Last page</source>
        <translation>О&amp;стання сторінка</translation>
    </message>
    <message>
        <source>The last records of the order chosen (by creation time: the newest; newest first: the oldest)</source>
        <translation>Останні записи вибраного порядку (за часом створення — найновіші; при «спершу нові» — найстаріші)</translation>
    </message>
    <message>
        <source>Seek</source>
        <translation>Перехід до значення</translation>
    </message>
    <message>
        <source>What Go to compares the value with: the idempotency key itself, or the first column of the table&apos;s unique key (the key order)</source>
        <translation>З чим перехід порівнює значення: із самим ключем ідемпотентності або з першим стовпцем унікального ключа таблиці (порядок ключа)</translation>
    </message>
    <message>
        <source>2026-12-01 08:00:00 UTC</source>
        <translation>2026-12-01 08:00:00 UTC</translation>
    </message>
    <message>
        <source>Seek the time order to the records created at or after this instant (UTC unless an offset is given: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter goes there</source>
        <translation>Перейти в порядку часу до записів, створених у цей момент або пізніше (за UTC, якщо зміщення не вказано: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter виконує перехід</translation>
    </message>
    <message>
        <source>Go to time</source>
        <translation>Перейти до часу</translation>
    </message>
    <message>
        <source>Read the records created at or after the time typed beside</source>
        <translation>Прочитати записи, створені у введений поруч час або пізніше</translation>
    </message>
    <message>
        <source>Go to &amp;key…</source>
        <translation>&amp;Перейти до key…</translation>
    </message>
    <message>
        <source>Type an idempotency key (or a key-order value) in the seek field</source>
        <translation>Ввести ключ ідемпотентності (або значення в порядку ключа) в поле переходу</translation>
    </message>
    <message>
        <source>Go to &amp;time…</source>
        <translation>Перейти до &amp;часу…</translation>
    </message>
    <message>
        <source>Type a time in the time field</source>
        <translation>Ввести час у поле часу</translation>
    </message>
    <message>
        <source>Sweeper&apos;s horizon:</source>
        <translation>Горизонт очищення:</translation>
    </message>
    <message>
        <source>The counts say how many terminal records expire within this long: what the sweeper removes next</source>
        <translation>Лічильники показують, у скількох записів у кінцевому стані термін спливає в межах цього часу: що очищення видалить наступним</translation>
    </message>
    <message numerus="yes">
        <source>The key %1 is held by %n records: choose one.</source>
        <translation>
            <numerusform>Ключ %1 є в %n запису: виберіть один.</numerusform>
            <numerusform>Ключ %1 є в %n записах: виберіть один.</numerusform>
            <numerusform>Ключ %1 є в %n записах: виберіть один.</numerusform>
        </translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>ключ ідемпотентності</translation>
    </message>
    <message>
        <source>idempotency key (%1)</source>
        <translation>ключ ідемпотентності (%1)</translation>
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
        <translation>перейти до ключа ідемпотентності…</translation>
    </message>
    <message>
        <source>Find the record whose idempotency key (%1) is this value and show it with its neighbours in the order chosen</source>
        <translation>Знайти запис із цим значенням ключа ідемпотентності (%1) і показати його разом із сусідніми записами у вибраному порядку</translation>
    </message>
    <message>
        <source>the mapping&apos;s key</source>
        <translation>key за зіставленням</translation>
    </message>
    <message>
        <source>go to %1…</source>
        <translation>перейти до значення %1…</translation>
    </message>
    <message>
        <source>key</source>
        <translation>ключа</translation>
    </message>
    <message>
        <source>Seek the key order (%1) to this value of its first column, %2, and read from there</source>
        <translation>Знайти в порядку ключа (%1) це значення його першого стовпця, %2, і читати з цього місця</translation>
    </message>
</context>
<context>
    <name>iw::LiveAnomalies</name>
    <message>
        <source>age without a lease</source>
        <translation>вік без оренди</translation>
    </message>
    <message>
        <source>grace after expiry</source>
        <translation>допустима затримка після закінчення терміну</translation>
    </message>
    <message>
        <source>grace after completion</source>
        <translation>допустима затримка після завершення</translation>
    </message>
    <message>
        <source>window between keys</source>
        <translation>вікно між key</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>не використовується</translation>
    </message>
    <message>
        <source>in progress past its lease; with no lease, older than %1</source>
        <translation>у стані in_progress після закінчення оренди; без оренди&#xa0;— старший за %1</translation>
    </message>
    <message>
        <source>terminal and past its expiry by more than %1, yet still in the table</source>
        <translation>у кінцевому стані, термін сплив понад %1 тому, але запис усе ще в таблиці</translation>
    </message>
    <message>
        <source>terminal and past its expiry, yet still in the table</source>
        <translation>у кінцевому стані, термін сплив, але запис усе ще в таблиці</translation>
    </message>
    <message>
        <source>completed more than %1 ago with neither a status nor a body to replay</source>
        <translation>перейшов у completed понад %1 тому, але немає ні статусу, ні тіла для replay</translation>
    </message>
    <message>
        <source>completed with neither a status nor a body to replay</source>
        <translation>у стані completed, але немає ні статусу, ні тіла для replay</translation>
    </message>
    <message>
        <source>same actor, operation and fingerprint under different keys created within %1 of each other (rows of the last %2)</source>
        <translation>той самий суб’єкт, операція та fingerprint під різними key, створеними з інтервалом не більше ніж %1 (рядки за останні %2)</translation>
    </message>
    <message>
        <source>in progress and past its expiry by more than %1: must not be swept, needs reconciliation</source>
        <translation>у стані in_progress, термін сплив понад %1 тому: не видаляти очищенням, потрібне звіряння</translation>
    </message>
    <message>
        <source>in progress and past its expiry: must not be swept, needs reconciliation</source>
        <translation>у стані in_progress після закінчення терміну: не видаляти очищенням, потрібне звіряння</translation>
    </message>
    <message>
        <source>a time column holds a number that is no time in its unit (beyond ±2^53 ms: nanoseconds read as seconds, a sentinel such as 9223372036854775807); the row is still read, without that time</source>
        <translation>стовпець часу містить число, яке не є часом у своїй одиниці (за межами ±2^53&#xa0;мс: наносекунди, прочитані як секунди, службове значення на кшталт 9223372036854775807); рядок усе одно читається, але без цього часу</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>невідомий час</translation>
    </message>
    <message>
        <source>in progress for %1; its lease ended %2 ago and nobody has taken it over</source>
        <translation>у стані in_progress уже %1; оренда закінчилася %2 тому, і ніхто не перехопив запис</translation>
    </message>
    <message>
        <source>in progress for %1 with no lease (threshold %2): nothing will move it on but a human</source>
        <translation>у стані in_progress уже %1 без оренди (поріг %2): без втручання людини запис не зрушить з місця</translation>
    </message>
    <message>
        <source>marked expired and still in the table: the sweep is not running or is behind</source>
        <translation>позначений як expired і все ще в таблиці: очищення не працює або відстає</translation>
    </message>
    <message>
        <source>completed, expired %1 ago and still in the table: the sweep is not running or is behind</source>
        <translation>у стані completed, термін сплив %1 тому, а запис усе ще в таблиці: очищення не працює або відстає</translation>
    </message>
    <message>
        <source>completed %1 ago with no stored status or body: a retry cannot be replayed</source>
        <translation>перейшов у completed %1 тому без збереженого статусу й тіла: відповісти на retry через replay неможливо</translation>
    </message>
    <message>
        <source>in progress for %1 and past its expiry by %2: must not be swept; it needs reconciliation</source>
        <translation>у стані in_progress уже %1, термін сплив %2 тому: не видаляти очищенням; потрібне звіряння</translation>
    </message>
    <message>
        <source>same actor, operation and fingerprint as key &quot;%1&quot; created %2 earlier: a client minting a new key on every retry</source>
        <translation>той самий суб’єкт, операція та fingerprint, що й у key «%1», створеного на %2 раніше: клієнт створює новий key під час кожного retry</translation>
    </message>
    <message>
        <source>a time column holds a value that is no time in its unit</source>
        <translation>стовпець часу містить значення, яке не є часом у своїй одиниці</translation>
    </message>
    <message numerus="yes">
        <source>%1 (column %2, %3) holds %4… (%n characters), which is no time in that unit (beyond ±2^53 ms); the row is read without it</source>
        <translation>
            <numerusform>%1 (стовпець %2, %3) містить %4… (%n символ)&#xa0;— це не час у цій одиниці (за межами ±2^53&#xa0;мс); рядок читається без нього</numerusform>
            <numerusform>%1 (стовпець %2, %3) містить %4… (%n символи)&#xa0;— це не час у цій одиниці (за межами ±2^53&#xa0;мс); рядок читається без нього</numerusform>
            <numerusform>%1 (стовпець %2, %3) містить %4… (%n символів)&#xa0;— це не час у цій одиниці (за межами ±2^53&#xa0;мс); рядок читається без нього</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (column %2, %3) holds %4, which is no time in that unit (beyond ±2^53 ms); the row is read without it</source>
        <translation>%1 (стовпець %2, %3) містить %4&#xa0;— це не час у цій одиниці (за межами ±2^53&#xa0;мс); рядок читається без нього</translation>
    </message>
</context>
<context>
    <name>iw::LiveAnomaliesModel</name>
    <message>
        <source>Anomaly</source>
        <translation>Аномалія</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Запис</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Подробиці</translation>
    </message>
</context>
<context>
    <name>iw::LiveConnectDialog</name>
    <message>
        <source>Connect to a live database</source>
        <translation>Підключення до робочої бази даних</translation>
    </message>
    <message>
        <source>Connections used before (saved without their passwords)</source>
        <translation>Раніше використані підключення (зберігаються без паролів)</translation>
    </message>
    <message>
        <source>(choose a recent connection)</source>
        <translation>(виберіть недавнє підключення)</translation>
    </message>
    <message>
        <source>PG* defaults</source>
        <translation>Типові значення PG*</translation>
    </message>
    <message>
        <source>Recent:</source>
        <translation>Недавні:</translation>
    </message>
    <message>
        <source>host=db.example dbname=shop user=oncall   or   postgresql://oncall@db.example/shop</source>
        <translation>host=db.example dbname=shop user=oncall   або   postgresql://oncall@db.example/shop</translation>
    </message>
    <message>
        <source>A libpq connection string or URI. Left empty, the PG* environment variables, the service file and .pgpass decide, as for psql.</source>
        <translation>Рядок підключення libpq або URI. Якщо залишити поле порожнім, параметри визначать змінні середовища PG*, файл служб і .pgpass, як для psql.</translation>
    </message>
    <message>
        <source>Conninfo or URI:</source>
        <translation>Conninfo або URI:</translation>
    </message>
    <message>
        <source>Connection string</source>
        <translation>Рядок підключення</translation>
    </message>
    <message>
        <source>db.example or /var/run/postgresql</source>
        <translation>db.example або /var/run/postgresql</translation>
    </message>
    <message>
        <source>verify-full checks the server&apos;s certificate and name: use it across networks</source>
        <translation>verify-full перевіряє сертифікат та ім’я сервера: використовуйте цей режим для підключення через мережу</translation>
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
        <translation>База даних:</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>Користувач:</translation>
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
        <translation>лише якщо сервер запитає; не зберігається</translation>
    </message>
    <message>
        <source>Used for this session only. .pgpass is read as usual when this is empty.</source>
        <translation>Використовується лише в цьому сеансі. Якщо поле порожнє, як завжди, читається .pgpass.</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Пароль:</translation>
    </message>
    <message>
        <source>Through a &amp;transaction pooler (pgbouncer pool_mode = transaction)</source>
        <translation>Через &amp;транзакційний пулер (pgbouncer pool_mode = transaction)</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>Пере&amp;вірити</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Підключитися</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Підключення…</translation>
    </message>
    <message>
        <source>%1: type it under Password and try again.</source>
        <translation>%1: введіть пароль у поле «Пароль» і спробуйте ще раз.</translation>
    </message>
    <message>
        <source>Nothing is ever set on the session, ticked or not (a SET would stay behind on a server connection other clients share): every snapshot is its own BEGIN READ ONLY with SET LOCAL inside</source>
        <translation>Для сеансу ніколи нічого не встановлюється, позначено це поле чи ні (SET залишився б у серверному підключенні, яким користуються й інші клієнти): кожен знімок&#xa0;— окремий BEGIN READ ONLY із SET LOCAL усередині</translation>
    </message>
    <message>
        <source>Connect, check that a read-only transaction is read-only, and disconnect</source>
        <translation>Підключитися, перевірити, що транзакція лише для читання справді нічого не може змінити, і відключитися</translation>
    </message>
    <message>
        <source>Connected to PostgreSQL %1 at %2; every read is a read-only transaction, and nothing is set on the session.</source>
        <translation>Підключено до PostgreSQL %1 на %2; кожне читання&#xa0;— транзакція лише для читання, і для сеансу нічого не встановлюється.</translation>
    </message>
    <message>
        <source>Inspection is read-only: every snapshot runs in &lt;code&gt;BEGIN READ ONLY&lt;/code&gt;, so PostgreSQL itself refuses any write, and nothing is set on the session, so a connection a pooler shares with the application is left as it was found.</source>
        <translation>Доступ лише для читання: кожен знімок виконується в &lt;code&gt;BEGIN READ ONLY&lt;/code&gt;, тому будь-яку зміну даних відхилить сам PostgreSQL, а для сеансу нічого не встановлюється, тому підключення, яке пулер ділить із застосунком, залишається таким, яким було.</translation>
    </message>
</context>
<context>
    <name>iw::LiveExport</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>не вдається записати файл %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n anomalies to %1 (the snapshot of %2)</source>
        <translation>
            <numerusform>%n аномалію експортовано в %1 (знімок на %2)</numerusform>
            <numerusform>%n аномалії експортовано в %1 (знімок на %2)</numerusform>
            <numerusform>%n аномалій експортовано в %1 (знімок на %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported the %1 anomalies listed of %2 to %3 (the snapshot of %4, which lists at most %5 of each kind: Rules… lists more)</source>
        <translation>Експортовано перелічені аномалії: %1 із %2, до %3 (знімок на %4 перелічує не більше %5 кожного виду: Правила… дають змогу перелічити більше)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Експорт</translation>
    </message>
</context>
<context>
    <name>iw::LiveKeyChoiceDialog</name>
    <message>
        <source>Go to key</source>
        <translation>Перейти до key</translation>
    </message>
    <message numerus="yes">
        <source>The idempotency key &lt;b&gt;%1&lt;/b&gt; is held by %n scopes: a key is unique only within its scope, so another user&apos;s request with the same key is another record. Choose the one to show.</source>
        <translation>
            <numerusform>Ключ ідемпотентності &lt;b&gt;%1&lt;/b&gt; є у %n scope: key унікальний лише у своєму scope, тож запит іншого користувача з тим самим key — інший запис. Виберіть, який показати.</numerusform>
            <numerusform>Ключ ідемпотентності &lt;b&gt;%1&lt;/b&gt; є у %n scope: key унікальний лише у своєму scope, тож запит іншого користувача з тим самим key — інший запис. Виберіть, який показати.</numerusform>
            <numerusform>Ключ ідемпотентності &lt;b&gt;%1&lt;/b&gt; є у %n scope: key унікальний лише у своєму scope, тож запит іншого користувача з тим самим key — інший запис. Виберіть, який показати.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only the first %n are listed.</source>
        <translation>
            <numerusform>Показано лише перший %n.</numerusform>
            <numerusform>Показано лише перші %n.</numerusform>
            <numerusform>Показано лише перші %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Суб’єкт</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Створено</translation>
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
        <translation>немає</translation>
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
        <translation>спершу найстаріші кожного виду</translation>
    </message>
    <message>
        <source>the newest of each kind first</source>
        <translation>спершу найновіші кожного виду</translation>
    </message>
    <message>
        <source>by actor, the actors with the most first</source>
        <translation>за суб’єктами, спершу ті, у кого їх більше</translation>
    </message>
    <message>
        <source>Which anomalies of each kind are listed (at most as many as Rules… says), and whether every anomaly is also counted per actor</source>
        <translation>Які аномалії кожного виду перелічено (не більше, ніж задано в «Правила…») і чи рахується кожна аномалія ще й за суб’єктами</translation>
    </message>
    <message>
        <source>Every anomaly by actor, the actors with the most first:</source>
        <translation>Усі аномалії за суб’єктами, спершу ті, у кого їх більше:</translation>
    </message>
    <message numerus="yes">
        <source>By actor, the %n actors with the most anomalies (more have some):</source>
        <translation>
            <numerusform>За суб’єктами: %n суб’єкт із найбільшою кількістю аномалій (аномалії є й в інших):</numerusform>
            <numerusform>За суб’єктами: %n суб’єкти з найбільшою кількістю аномалій (аномалії є й в інших):</numerusform>
            <numerusform>За суб’єктами: %n суб’єктів із найбільшою кількістю аномалій (аномалії є й в інших):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more actors with anomalies: the exported report (JSON) lists them.</source>
        <translation>
            <numerusform>… і ще %n суб’єкт з аномаліями: їх перелічує експортований звіт (JSON).</numerusform>
            <numerusform>… і ще %n суб’єкти з аномаліями: їх перелічує експортований звіт (JSON).</numerusform>
            <numerusform>… і ще %n суб’єктів з аномаліями: їх перелічує експортований звіт (JSON).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and at least %n more actors with anomalies.</source>
        <translation>
            <numerusform>… і ще щонайменше %n суб’єкт з аномаліями.</numerusform>
            <numerusform>… і ще щонайменше %n суб’єкти з аномаліями.</numerusform>
            <numerusform>… і ще щонайменше %n суб’єктів з аномаліями.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; caused no row in %2.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; не створив жодного рядка в %2.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; caused in %2: %3%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; створив у %2: %3%4</translation>
    </message>
    <message>
        <source> (and more)</source>
        <translation> (і ще)</translation>
    </message>
</context>
<context>
    <name>iw::LiveRecordPanel</name>
    <message>
        <source>Select a record to read its row whole: every column, the stored response body and what it caused.</source>
        <translation>Виберіть запис, щоб прочитати його рядок повністю: кожен стовпець, збережене тіло відповіді й те, до чого він призвів.</translation>
    </message>
    <message>
        <source>Read the whole response body</source>
        <translation>Прочитати тіло відповіді повністю</translation>
    </message>
    <message>
        <source>The panel shows the first 4 KiB of a body; this reads all of it</source>
        <translation>Панель показує перші 4 КіБ тіла; ця кнопка читає його повністю</translation>
    </message>
    <message>
        <source>%1 (stored as %2)%3</source>
        <translation>%1 (зберігається як %2)%3</translation>
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
        <translation>немає</translation>
    </message>
    <message>
        <source>Created:</source>
        <translation>Створено:</translation>
    </message>
    <message>
        <source>Completed:</source>
        <translation>Завершено:</translation>
    </message>
    <message>
        <source>Expires:</source>
        <translation>Спливає:</translation>
    </message>
    <message>
        <source>Lease until:</source>
        <translation>Оренда до:</translation>
    </message>
    <message>
        <source>Anomalies: %1</source>
        <translation>Аномалії: %1</translation>
    </message>
    <message>
        <source>The row</source>
        <translation>Рядок</translation>
    </message>
    <message>
        <source>The mapping reads no response body</source>
        <translation>Зіставлення не читає тіло відповіді</translation>
    </message>
    <message>
        <source>No response body stored (%1 is NULL)</source>
        <translation>Тіло відповіді не збережено (%1 дорівнює NULL)</translation>
    </message>
    <message>
        <source>%1, %2 bytes</source>
        <translation>%1, %2 байтів</translation>
    </message>
    <message>
        <source>%1, the first %2 of %3 bytes</source>
        <translation>%1, перші %2 з %3 байтів</translation>
    </message>
    <message>
        <source>The stored response body (%1)</source>
        <translation>Збережене тіло відповіді (%1)</translation>
    </message>
    <message>
        <source>No effects in %1</source>
        <translation>Ефектів у %1 немає</translation>
    </message>
    <message numerus="yes">
        <source>Effects in %1: %n rows%2</source>
        <translation>
            <numerusform>Ефекти в %1: %n рядок%2</numerusform>
            <numerusform>Ефекти в %1: %n рядки%2</numerusform>
            <numerusform>Ефекти в %1: %n рядків%2</numerusform>
        </translation>
    </message>
    <message>
        <source> (and more)</source>
        <translation> (і ще)</translation>
    </message>
</context>
<context>
    <name>iw::LiveRecordsModel</name>
    <message>
        <source>now</source>
        <translation>зараз</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Суб’єкт</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Stored as</source>
        <translation>Збережено як</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Тіло</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Створено</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Спливає</translation>
    </message>
    <message>
        <source>Lease until</source>
        <translation>Оренда до</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Аномалії</translation>
    </message>
    <message>
        <source>The state at the database&apos;s clock: a terminal record is expired once past its expiry</source>
        <translation>Стан за годинником бази даних: запис у кінцевому стані вважається expired, щойно сплив його термін</translation>
    </message>
    <message>
        <source>The state column&apos;s value as stored in the table</source>
        <translation>Значення стовпця стану в тому вигляді, у якому воно зберігається в таблиці</translation>
    </message>
    <message>
        <source>Relative to the snapshot&apos;s now (the database&apos;s clock); the tooltip gives the UTC time</source>
        <translation>Відносно моменту знімка (за годинником бази даних); у спливній підказці&#xa0;— час UTC</translation>
    </message>
    <message>
        <source>Size of the stored response body</source>
        <translation>Розмір тіла збереженої відповіді</translation>
    </message>
    <message>
        <source>in_progress (stuck)</source>
        <translation>in_progress (завислий)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>немає</translation>
    </message>
    <message>
        <source>never expires</source>
        <translation>не спливає</translation>
    </message>
    <message>
        <source>no lease</source>
        <translation>без оренди</translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln&#xa0;байт</numerusform>
            <numerusform>%Ln&#xa0;байти</numerusform>
            <numerusform>%Ln&#xa0;байтів</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveRules</name>
    <message>
        <source>%1 %2 (default %3)</source>
        <translation>%1 %2 (типово %3)</translation>
    </message>
    <message>
        <source>regeneration look-back %1 (default %2)</source>
        <translation>глибина перегляду для повторної генерації key %1 (типово %2)</translation>
    </message>
    <message>
        <source>listed per kind %1 (default %2)</source>
        <translation>ліміт списку на тип %1 (типово %2)</translation>
    </message>
    <message>
        <source>the default rules</source>
        <translation>типові правила</translation>
    </message>
    <message>
        <source>Anomalies listed per kind; the counts and the exports always cover them all</source>
        <translation>Скільки аномалій кожного виду перелічувати; лічильники та експорт завжди охоплюють усі</translation>
    </message>
    <message>
        <source>Listed per kind:</source>
        <translation>Ліміт списку на тип:</translation>
    </message>
</context>
<context>
    <name>iw::LiveSession</name>
    <message>
        <source>unexpected failure: %1</source>
        <translation>непередбачений збій: %1</translation>
    </message>
    <message>
        <source>no table is open</source>
        <translation>таблицю не відкрито</translation>
    </message>
    <message>
        <source>no record has the idempotency key &quot;%1&quot; (%2)</source>
        <translation>немає запису з ключем ідемпотентності «%1» (%2)</translation>
    </message>
    <message>
        <source>the record is no longer in the table</source>
        <translation>запису більше немає в таблиці</translation>
    </message>
</context>
<context>
    <name>iw::LiveTableDialog</name>
    <message>
        <source>Choose a table and a mapping</source>
        <translation>Вибір таблиці та зіставлення</translation>
    </message>
    <message>
        <source>Connected to %1 (read-only).</source>
        <translation>Підключено до %1 (лише читання).</translation>
    </message>
    <message>
        <source>Tables with a unique key on a key-like column:</source>
        <translation>Таблиці, де унікальний ключ містить стовпець, схожий на ключ ідемпотентності:</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Таблиця</translation>
    </message>
    <message>
        <source>Unique key</source>
        <translation>Унікальний ключ</translation>
    </message>
    <message>
        <source>Rows (estimate)</source>
        <translation>Рядків (оцінка)</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Підходить</translation>
    </message>
    <message>
        <source>or type a name: schema.table, or &quot;Quoted&quot;.&quot;Name&quot;</source>
        <translation>або введіть ім’я: schema.table або &quot;Quoted&quot;.&quot;Name&quot;</translation>
    </message>
    <message>
        <source>Looked up as written first, then as SQL reads a name (quotes, case folding, search_path). It is never spliced into SQL.</source>
        <translation>Спочатку шукається точно так, як написано, потім&#xa0;— так, як SQL читає ім’я (лапки, перетворення регістру, search_path). У текст SQL ім’я ніколи не підставляється.</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Таблиця:</translation>
    </message>
    <message>
        <source>Mapping file…</source>
        <translation>Файл зіставлення…</translation>
    </message>
    <message>
        <source>How the table&apos;s columns become actor, operation, key, state, times, response and fingerprint</source>
        <translation>Як стовпці таблиці зіставляються із суб’єктом, операцією, key, станом, часовими позначками, відповіддю та fingerprint</translation>
    </message>
    <message>
        <source>Mapping:</source>
        <translation>Зіставлення:</translation>
    </message>
    <message>
        <source>Choose a table to see how its rows classify.</source>
        <translation>Виберіть таблицю, щоб побачити, як класифікуються її рядки.</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Відкрити</translation>
    </message>
    <message>
        <source>Inspect this table with this mapping</source>
        <translation>Перевірити цю таблицю з цим зіставленням</translation>
    </message>
    <message>
        <source>Open a mapping file</source>
        <translation>Відкрити файл зіставлення</translation>
    </message>
    <message>
        <source>Mapping files (*.json);;All files (*)</source>
        <translation>Файли зіставлення (*.json);;Усі файли (*)</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>не аналізувалася</translation>
    </message>
    <message>
        <source>no preset</source>
        <translation>немає готового зіставлення</translation>
    </message>
    <message>
        <source>No table with a unique key on a key-like column is readable here: type a table name.</source>
        <translation>Тут немає доступних для читання таблиць, де унікальний ключ містить стовпець, схожий на ключ ідемпотентності: введіть ім’я таблиці.</translation>
    </message>
    <message>
        <source>Reading %1 with the %2 mapping…</source>
        <translation>Читання %1 із зіставленням %2…</translation>
    </message>
    <message>
        <source>%1 with the %2 mapping: %3, %4 in progress, %5 completed, %6 expired; %7. The first rows classify as below.</source>
        <translation>%1 із зіставленням %2&#xa0;— %3, %4 in_progress, %5 completed, %6 expired; %7. Перші рядки класифікуються так, як показано нижче.</translation>
    </message>
    <message>
        <source>no anomalies</source>
        <translation>аномалій немає</translation>
    </message>
    <message>
        <source>anomalies: %1</source>
        <translation>аномалії: %1</translation>
    </message>
    <message>
        <source>Counted with the default rules.</source>
        <translation>Підраховано за типовими правилами.</translation>
    </message>
    <message>
        <source>Counted with the rules remembered for this table: %1.</source>
        <translation>Підраховано за правилами, збереженими для цієї таблиці: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запис</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записів</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveWindow</name>
    <message>
        <source>Live database — %1</source>
        <translation>Робоча база даних&#xa0;— %1</translation>
    </message>
    <message>
        <source>Connected; choose a table.</source>
        <translation>Підключено; виберіть таблицю.</translation>
    </message>
    <message>
        <source>&amp;Table…</source>
        <translation>&amp;Таблиця…</translation>
    </message>
    <message>
        <source>Choose the table and the mapping to inspect</source>
        <translation>Вибрати таблицю та зіставлення для перевірки</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Оновити</translation>
    </message>
    <message>
        <source>Read the table again: counts, anomalies and this page (F5)</source>
        <translation>Прочитати таблицю знову: лічильники, аномалії та цю сторінку (F5)</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation>&amp;Стежити</translation>
    </message>
    <message>
        <source>Read the table again at the interval beside; stops by itself on an error</source>
        <translation>Перечитувати таблицю з інтервалом, вказаним поруч; у разі помилки стеження зупиняється автоматично</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation>&amp;Відновити</translation>
    </message>
    <message>
        <source>Reconnect if needed and read the table again after a stop</source>
        <translation>Після зупинки перепідключитися, якщо потрібно, і знову прочитати таблицю</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Скас&amp;увати</translation>
    </message>
    <message>
        <source>Cancel the query now running on the server</source>
        <translation>Скасувати запит, що зараз виконується на сервері</translation>
    </message>
    <message>
        <source>First page</source>
        <translation>Перша сторінка</translation>
    </message>
    <message>
        <source>The first rows of the chosen order</source>
        <translation>Перші рядки у вибраному порядку</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Попередня сторінка</translation>
    </message>
    <message>
        <source>The rows just before this page (keyset paging, no OFFSET)</source>
        <translation>Рядки одразу перед цією сторінкою (посторінкове читання за ключем, без OFFSET)</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Наступна сторінка</translation>
    </message>
    <message>
        <source>The rows just after this page (keyset paging, no OFFSET)</source>
        <translation>Рядки одразу після цієї сторінки (посторінкове читання за ключем, без OFFSET)</translation>
    </message>
    <message>
        <source>Last page</source>
        <translation>Остання сторінка</translation>
    </message>
    <message>
        <source>The last rows of the chosen order (by time: the newest)</source>
        <translation>Останні рядки у вибраному порядку (за часом&#xa0;— найновіші)</translation>
    </message>
    <message>
        <source>R&amp;ules…</source>
        <translation>&amp;Правила…</translation>
    </message>
    <message>
        <source>Change the anomaly thresholds (stuck age, regeneration window, graces)</source>
        <translation>Змінити пороги аномалій (вік завислого запису, вікно повторної генерації key, допустимі затримки)</translation>
    </message>
    <message>
        <source>&amp;Export anomalies (CSV)…</source>
        <translation>&amp;Експорт аномалій (CSV)…</translation>
    </message>
    <message>
        <source>Export &amp;report (JSON)…</source>
        <translation>Експорт з&amp;віту (JSON)…</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Перегляд наживо</translation>
    </message>
    <message>
        <source>every </source>
        <translation>раз на </translation>
    </message>
    <message>
        <source> s</source>
        <translation>&#xa0;с</translation>
    </message>
    <message>
        <source>How often Follow reads the table</source>
        <translation>Як часто стеження перечитує таблицю</translation>
    </message>
    <message>
        <source>by creation time</source>
        <translation>за часом створення</translation>
    </message>
    <message>
        <source>by key</source>
        <translation>за ключем</translation>
    </message>
    <message>
        <source>The order pages are read in: the time column, or the table&apos;s unique key</source>
        <translation>Порядок читання сторінок: за стовпцем часу або за унікальним ключем таблиці</translation>
    </message>
    <message>
        <source>Order by creation &amp;time</source>
        <translation>Упорядкувати за &amp;часом створення</translation>
    </message>
    <message>
        <source>Order by &amp;key</source>
        <translation>Упорядкувати за &amp;ключем</translation>
    </message>
    <message>
        <source>Seek</source>
        <translation>Перехід до значення</translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>ключ ідемпотентності</translation>
    </message>
    <message>
        <source>key order</source>
        <translation>порядок ключа</translation>
    </message>
    <message>
        <source>What Go to compares the value with: the idempotency key itself, or the first columns of the table&apos;s unique key (the key order)</source>
        <translation>З чим перехід порівнює значення: із самим ключем ідемпотентності або з першими стовпцями унікального ключа таблиці (порядок ключа)</translation>
    </message>
    <message>
        <source>2026-12-01 08:00:00 UTC</source>
        <translation>2026-12-01 08:00:00 UTC</translation>
    </message>
    <message>
        <source>Seek the time order to rows created at or after this instant (UTC unless an offset is given: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter goes there</source>
        <translation>Перейти в порядку часу до рядків, створених у цей момент або пізніше (за UTC, якщо зміщення не вказано: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter виконує перехід</translation>
    </message>
    <message>
        <source>Go to time</source>
        <translation>Перейти до часу</translation>
    </message>
    <message>
        <source>Read the rows created at or after the time typed beside</source>
        <translation>Прочитати рядки, створені у вказаний поруч час або пізніше</translation>
    </message>
    <message>
        <source>Go to &amp;key…</source>
        <translation>&amp;Перейти до key…</translation>
    </message>
    <message>
        <source>Type an idempotency key (or a key-order value) in the seek field</source>
        <translation>Ввести ключ ідемпотентності (або значення в порядку ключа) в поле переходу</translation>
    </message>
    <message>
        <source>Go to &amp;time…</source>
        <translation>Перейти до &amp;часу…</translation>
    </message>
    <message>
        <source>Type a UTC time in the seek field</source>
        <translation>Ввести час UTC в поле переходу</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрити</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вигляд</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Перехід</translation>
    </message>
    <message>
        <source>&amp;Anomalies</source>
        <translation>&amp;Аномалії</translation>
    </message>
    <message>
        <source>No table open.</source>
        <translation>Таблицю не відкрито.</translation>
    </message>
    <message>
        <source>Click an anomaly to show its record (the page seeks to it when needed)</source>
        <translation>Клацніть аномалію, щоб показати її запис (за потреби сторінка переміститься до нього)</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Аномалії</translation>
    </message>
    <message>
        <source>%1 · PostgreSQL %2 · read-only</source>
        <translation>%1 · PostgreSQL %2 · лише читання</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Відкриття %1…</translation>
    </message>
    <message>
        <source>Live database — %1 (%2)</source>
        <translation>Робоча база даних&#xa0;— %1 (%2)</translation>
    </message>
    <message>
        <source>Resuming: reconnecting if needed and reading the table again…</source>
        <translation>Відновлення: перепідключення, якщо потрібно, і повторне читання таблиці…</translation>
    </message>
    <message>
        <source>Following (resuming…)</source>
        <translation>Стеження (відновлення…)</translation>
    </message>
    <message>
        <source>Following again: reconnecting if needed and reading the table; if that fails, following stops and says why; click to stop (Ctrl+L)</source>
        <translation>Стеження відновлюється: перепідключення, якщо потрібно, і читання таблиці; якщо не вдасться, стеження зупиниться й повідомить причину; клацніть, щоб зупинити (Ctrl+L)</translation>
    </message>
    <message>
        <source>Following (reconnecting…)</source>
        <translation>Стеження (перепідключення…)</translation>
    </message>
    <message>
        <source>Following, but the connection was lost: reconnecting; if that fails, following stops and says why; click to stop (Ctrl+L)</source>
        <translation>Стеження триває, але підключення втрачено: виконується перепідключення; якщо не вдасться, стеження зупиниться й повідомить причину; клацніть, щоб зупинити (Ctrl+L)</translation>
    </message>
    <message>
        <source>Following</source>
        <translation>Стеження</translation>
    </message>
    <message numerus="yes">
        <source>Following: the table is read again every %n s; click to stop (Ctrl+L)</source>
        <translation>
            <numerusform>Стеження: таблиця перечитується раз на %n&#xa0;с; клацніть, щоб зупинити (Ctrl+L)</numerusform>
            <numerusform>Стеження: таблиця перечитується раз на %n&#xa0;с; клацніть, щоб зупинити (Ctrl+L)</numerusform>
            <numerusform>Стеження: таблиця перечитується раз на %n&#xa0;с; клацніть, щоб зупинити (Ctrl+L)</numerusform>
        </translation>
    </message>
    <message>
        <source>Follow (stopped)</source>
        <translation>Стежити (зупинено)</translation>
    </message>
    <message>
        <source>Not following: following stopped on an error; Resume reconnects and follows again</source>
        <translation>Стеження вимкнено: воно зупинилося через помилку; «Відновити» перепідключиться й знову ввімкне стеження</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Стежити</translation>
    </message>
    <message numerus="yes">
        <source>Not following: click to read the table again every %n s (Ctrl+L)</source>
        <translation>
            <numerusform>Стеження вимкнено: клацніть, щоб перечитувати таблицю раз на %n&#xa0;с (Ctrl+L)</numerusform>
            <numerusform>Стеження вимкнено: клацніть, щоб перечитувати таблицю раз на %n&#xa0;с (Ctrl+L)</numerusform>
            <numerusform>Стеження вимкнено: клацніть, щоб перечитувати таблицю раз на %n&#xa0;с (Ctrl+L)</numerusform>
        </translation>
    </message>
    <message>
        <source>Re&amp;sume following</source>
        <translation>&amp;Відновити стеження</translation>
    </message>
    <message>
        <source>idempotency key (%1)</source>
        <translation>ключ ідемпотентності (%1)</translation>
    </message>
    <message>
        <source>key order (%1)</source>
        <translation>порядок ключа (%1)</translation>
    </message>
    <message>
        <source>go to idempotency key…</source>
        <translation>перейти до ключа ідемпотентності…</translation>
    </message>
    <message>
        <source>Find the record whose idempotency key (%1) is this value and show it with its neighbours in the order chosen</source>
        <translation>Знайти запис із цим значенням ключа ідемпотентності (%1) і показати його разом із сусідніми записами у вибраному порядку</translation>
    </message>
    <message>
        <source>the mapping&apos;s key</source>
        <translation>key за зіставленням</translation>
    </message>
    <message>
        <source>go to %1…</source>
        <translation>перейти до значення %1…</translation>
    </message>
    <message>
        <source>key</source>
        <translation>ключа</translation>
    </message>
    <message>
        <source>Seek the key order (%1) to this value of its first column, %2, and read from there</source>
        <translation>Знайти в порядку ключа (%1) це значення його першого стовпця, %2, і читати з цього місця</translation>
    </message>
    <message>
        <source>%1; reconnecting…</source>
        <translation>%1; перепідключення…</translation>
    </message>
    <message>
        <source>Snapshot at %1 (the database&apos;s clock)</source>
        <translation>Знімок на момент %1 (за годинником бази даних)</translation>
    </message>
    <message>
        <source>, read in %1 ms</source>
        <translation>, прочитано за %1&#xa0;мс</translation>
    </message>
    <message>
        <source> · hot-standby replica, lag %1 (age of the last replayed transaction)</source>
        <translation> · репліка hot standby, відставання %1 (вік останньої відтвореної транзакції)</translation>
    </message>
    <message>
        <source> · hot-standby replica, nothing replayed yet</source>
        <translation> · репліка hot standby, поки нічого не відтворено</translation>
    </message>
    <message>
        <source> — %1</source>
        <translation>&#xa0;— %1</translation>
    </message>
    <message>
        <source>Page read</source>
        <translation>Сторінку прочитано</translation>
    </message>
    <message>
        <source>; this page read in %1 ms</source>
        <translation>; цю сторінку прочитано за %1&#xa0;мс</translation>
    </message>
    <message>
        <source>No rows on this page.</source>
        <translation>На цій сторінці немає рядків.</translation>
    </message>
    <message>
        <source>%1 on this page (%2); the axis counts from %3, the earliest time shown; now is %4 (the database&apos;s clock).</source>
        <translation>%1 на цій сторінці (%2); вісь відлічується від %3, найранішого показаного моменту; зараз %4 (за годинником бази даних).</translation>
    </message>
    <message>
        <source>The %1 threshold has no effect on this table: all %2 in-progress rows have a lease, and a row with a lease is stuck once its lease has passed.</source>
        <translation>Поріг %1 для цієї таблиці ні на що не впливає: усі рядки in_progress (%2) мають оренду, а рядок з орендою вважається завислим, щойно його оренда закінчилася.</translation>
    </message>
    <message>
        <source>The %1 threshold applies to the %2 in-progress rows without a lease; the %3 with a lease are stuck once their lease has passed.</source>
        <translation>Поріг %1 застосовується до рядків in_progress без оренди (%2); рядки з орендою (%3) вважаються завислими, щойно їхня оренда закінчилася.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; read with the &lt;b&gt;%2&lt;/b&gt; mapping</source>
        <translation>Таблицю &lt;b&gt;%1&lt;/b&gt; прочитано із зіставленням &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;%2&lt;/b&gt; in progress &amp;nbsp; %3 &lt;b&gt;%4&lt;/b&gt; completed &amp;nbsp; %5 &lt;b&gt;%6&lt;/b&gt; expired &amp;nbsp;·&amp;nbsp; %7 records &amp;nbsp;·&amp;nbsp; %8</source>
        <translation>%1 &lt;b&gt;%2&lt;/b&gt; in_progress &amp;nbsp; %3 &lt;b&gt;%4&lt;/b&gt; completed &amp;nbsp; %5 &lt;b&gt;%6&lt;/b&gt; expired &amp;nbsp;·&amp;nbsp; усього записів: %7 &amp;nbsp;·&amp;nbsp; %8</translation>
    </message>
    <message>
        <source>no anomalies</source>
        <translation>аномалій немає</translation>
    </message>
    <message>
        <source>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2&lt;/b&gt; anomalies&lt;/span&gt;</source>
        <translation>&lt;span style=&quot;color:%1&quot;&gt;аномалій: &lt;b&gt;%2&lt;/b&gt;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Listing %1 of %2: at most %3 of each kind.&lt;/p&gt;</source>
        <translation>&lt;p&gt;У списку %1 з %2: не більше ніж %3 кожного типу.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Rules for this table (remembered): %1.</source>
        <translation>Правила для цієї таблиці (збережені): %1.</translation>
    </message>
    <message>
        <source>Rules for this table: %1.</source>
        <translation>Правила для цієї таблиці: %1.</translation>
    </message>
    <message>
        <source>Last request failed: %1</source>
        <translation>Останній запит не виконано: %1</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>читання…</translation>
    </message>
    <message>
        <source>Click an anomaly to see why it is listed and to show its record.</source>
        <translation>Клацніть аномалію, щоб побачити, чому вона в списку, і показати її запис.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time: write it as 2026-12-01 08:00:00 UTC (seconds and UTC may be left out)</source>
        <translation>«%1» не є часом: укажіть його у вигляді 2026-12-01 08:00:00 UTC (секунди й UTC можна не вказувати)</translation>
    </message>
    <message>
        <source>Anomaly rules for %1</source>
        <translation>Правила аномалій для %1</translation>
    </message>
    <message>
        <source>These rules apply to %1 only and are remembered for it.</source>
        <translation>Ці правила діють лише для таблиці %1 і зберігаються для неї.</translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <translation>%1 (%2):</translation>
    </message>
    <message>
        <source>Regeneration look-back:</source>
        <translation>Глибина перегляду для повторної генерації key:</translation>
    </message>
    <message>
        <source>suspected_key_regeneration looks at the rows created this long before now</source>
        <translation>suspected_key_regeneration переглядає рядки, створені не раніше ніж за цей час до поточного моменту</translation>
    </message>
    <message>
        <source>nothing to export yet: no snapshot has been taken</source>
        <translation>експортувати поки нічого: знімок ще не зроблено</translation>
    </message>
    <message>
        <source>Export the inspection report</source>
        <translation>Експорт звіту про перевірку</translation>
    </message>
    <message>
        <source>Export anomalies</source>
        <translation>Експорт аномалій</translation>
    </message>
    <message>
        <source>Inspection report (*.json)</source>
        <translation>Звіт про перевірку (*.json)</translation>
    </message>
    <message>
        <source>Anomalies as CSV (*.csv)</source>
        <translation>Аномалії в CSV (*.csv)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запис</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записів</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the anomalies of the snapshot on screen as CSV, with age and key columns (as many as it lists: Rules… sets how many)</source>
        <translation>Зберегти аномалії знімка на екрані у CSV, зі стовпцями віку та унікального ключа (стільки, скільки він перелічує: скільки саме, задають Правила…)</translation>
    </message>
    <message>
        <source>Save the snapshot on screen as the inspection report: its counts, the anomalies it lists and this page&apos;s records</source>
        <translation>Зберегти знімок на екрані як звіт про перевірку: його лічильники, перелічені в ньому аномалії та записи цієї сторінки</translation>
    </message>
    <message>
        <source>Following (stale since %1)</source>
        <translation>Стеження (дані застаріли з %1)</translation>
    </message>
    <message>
        <source>Following, but the read now running has not answered within the interval: the data shown is the snapshot of %1; Cancel (Esc) gives up on the read; click to stop (Ctrl+L)</source>
        <translation>Стеження триває, але поточне читання не отримало відповіді за інтервал: показано знімок на %1; «Скасувати» (Esc) припиняє читання; клацніть, щоб зупинити (Ctrl+L)</translation>
    </message>
    <message>
        <source>%1; reconnecting… The data shown is the snapshot of %2.</source>
        <translation>%1; перепідключення… Показано знімок на %2.</translation>
    </message>
    <message>
        <source>%1. The data shown is the snapshot of %2.</source>
        <translation>%1. Показано знімок на %2.</translation>
    </message>
    <message>
        <source>BEGIN READ ONLY for every snapshot: PostgreSQL refuses writes (SQLSTATE 25006); nothing is set on the session</source>
        <translation>BEGIN READ ONLY для кожного знімка: PostgreSQL відхиляє будь-які зміни даних (SQLSTATE 25006); для сеансу нічого не встановлюється</translation>
    </message>
    <message>
        <source>No new snapshot: the read started at %1 has not answered yet; the data shown is the snapshot of %2.</source>
        <translation>Нового знімка немає: читання, розпочате о %1, ще не отримало відповіді; показано знімок на %2.</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Запис</translation>
    </message>
    <message>
        <source>No table open yet.</source>
        <translation>Таблицю ще не відкрито.</translation>
    </message>
    <message>
        <source>Reading the table…</source>
        <translation>Читаю таблицю…</translation>
    </message>
    <message>
        <source>; the counts and anomalies are those of %1: following reads the whole table only as often as keeps it to %2 % of one server core (Refresh reads it now)</source>
        <translation>; лічильники й аномалії — на %1: під час стеження вся таблиця читається лише так часто, щоб займати не більше %2 % одного ядра сервера («Оновити» читає її зараз)</translation>
    </message>
    <message>
        <source>due to expire within %2: &lt;b&gt;%1&lt;/b&gt; (the sweeper&apos;s next %2, until %3)</source>
        <translation>спливає найближчі %2: &lt;b&gt;%1&lt;/b&gt; (наступні %2 очищення, до %3)</translation>
    </message>
    <message>
        <source>Terminal records whose expiry falls within the sweeper&apos;s horizon are what it removes next; Rules… sets the horizon</source>
        <translation>Записи в кінцевому стані, термін яких спливає в межах горизонту очищення, — те, що воно видалить наступним; горизонт задається в «Правила…»</translation>
    </message>
    <message>
        <source>Select a record to read its row whole: every column, the stored response body and what it caused.</source>
        <translation>Виберіть запис, щоб прочитати його рядок повністю: кожен стовпець, збережене тіло відповіді й те, до чого він призвів.</translation>
    </message>
    <message>
        <source>Reading the record…</source>
        <translation>Читаю запис…</translation>
    </message>
    <message numerus="yes">
        <source>The key %1 is held by %n scopes: choose one.</source>
        <translation>
            <numerusform>key %1 є у %n scope: виберіть один.</numerusform>
            <numerusform>key %1 є у %n scope: виберіть один.</numerusform>
            <numerusform>key %1 є у %n scope: виберіть один.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweeper&apos;s horizon:</source>
        <translation>Горизонт очищення:</translation>
    </message>
    <message>
        <source>The counts say how many terminal records expire within this long: what the sweeper removes next</source>
        <translation>Лічильники показують, у скількох записів у кінцевому стані термін спливає в межах цього часу: що очищення видалить наступним</translation>
    </message>
    <message>
        <source>%1: timestamp without time zone, and the mapping names no time zone, so read in the session&apos;s time zone, %2. If the application writes UTC (Rails, Django with USE_TZ), every time and count here is off by the zone&apos;s offset: open, with Table…, a mapping file that names the zone it writes in (&quot;timezone&quot;: &quot;UTC&quot;).</source>
        <translation>%1: timestamp without time zone, а зіставлення не називає часовий пояс, тому час читається в часовому поясі сеансу, %2. Якщо застосунок пише UTC (Rails, Django з USE_TZ), кожен час і кожен лічильник тут зсунуто на зміщення пояса: відкрийте через «Таблиця…» файл зіставлення, який називає пояс, у якому пише застосунок (&quot;timezone&quot;: &quot;UTC&quot;).</translation>
    </message>
</context>
<context>
    <name>iw::MysqlLiveConnectDialog</name>
    <message>
        <source>Connect to a live MySQL table</source>
        <translation>Підключення до робочої таблиці MySQL</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in a MySQL or MariaDB table, through a mapping. Every read runs in a read-only transaction that ends before the window shows it, and nothing is set on the session, so a user allowed only SELECT on the table suffices.</source>
        <translation>Прочитати записи ідемпотентності, які сервіс зберігає в таблиці MySQL або MariaDB, через зіставлення. Кожне читання виконується в транзакції лише для читання, яка завершується до того, як вікно його покаже, і нічого не встановлюється в сеансі, тож досить користувача з одним правом SELECT на таблицю.</translation>
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
        <translation>Ко&amp;ристувач:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Паро&amp;ль:</translation>
    </message>
    <message>
        <source>Used for this window only and never saved.</source>
        <translation>Використовується лише для цього вікна й ніколи не зберігається.</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;База даних:</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>&amp;Таблиця:</translation>
    </message>
    <message>
        <source>empty: the mapping&apos;s table (request_idempotency for workbench-mysql)</source>
        <translation>порожньо: таблиця зіставлення (request_idempotency для workbench-mysql)</translation>
    </message>
    <message>
        <source>A table of the database above, or database.table</source>
        <translation>Таблиця зазначеної вище бази даних або база.таблиця</translation>
    </message>
    <message>
        <source>Ma&amp;pping:</source>
        <translation>Зі&amp;ставлення:</translation>
    </message>
    <message>
        <source>workbench-mysql reads the table the workbench&apos;s MySQL store writes; the table presets and a mapping file read other shapes</source>
        <translation>workbench-mysql читає таблицю, яку пише сховище MySQL самого workbench; табличні пресети й файл зіставлення читають таблиці іншого вигляду</translation>
    </message>
    <message>
        <source>Name the database the table is in.</source>
        <translation>Укажіть базу даних, у якій міститься таблиця.</translation>
    </message>
    <message>
        <source>The mapping &quot;%1&quot; reads Redis keys, not a table: choose %2 or a table mapping.</source>
        <translation>Зіставлення «%1» читає ключі Redis, а не таблицю: виберіть %2 або табличне зіставлення.</translation>
    </message>
</context>
<context>
    <name>iw::MysqlLiveWindow</name>
    <message>
        <source>table %1</source>
        <translation>таблиця %1</translation>
    </message>
    <message>
        <source>Live MySQL — %1 — %2</source>
        <translation>Робоча MySQL — %1 — %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — table &lt;b&gt;%2&lt;/b&gt;, read through the mapping &lt;b&gt;%3&lt;/b&gt;, read only (one read-only transaction per snapshot)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — таблиця &lt;b&gt;%2&lt;/b&gt;, прочитана через зіставлення &lt;b&gt;%3&lt;/b&gt;, лише читання (одна транзакція лише для читання на знімок)</translation>
    </message>
    <message>
        <source>Reading the table…</source>
        <translation>Читання таблиці…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; records: %2 in progress, %3 completed, %4 expired · %5 rows read · table engine %6 · %7</source>
        <translation>Записів: &lt;b&gt;%1&lt;/b&gt;: у процесі %2, завершено %3, спливло %4 · прочитано рядків: %5 · рушій таблиці %6 · %7</translation>
    </message>
    <message>
        <source>Every anomaly rule is checked: each row is read whole, in one read-only transaction.</source>
        <translation>Перевіряється кожне правило аномалій: кожен рядок читається повністю, в одній транзакції лише для читання.</translation>
    </message>
    <message>
        <source>The table uses %1, which has no transactions: the counts and the page are separate reads and may not be one instant&apos;s.</source>
        <translation>Таблиця використовує %1, який не має транзакцій: лічильники й сторінка — окремі читання і можуть стосуватися не одного моменту.</translation>
    </message>
    <message>
        <source>suspected_key_regeneration stopped early: more fingerprints than it keeps in memory.</source>
        <translation>suspected_key_regeneration зупинено раніше: відбитків більше, ніж зберігається в пам’яті.</translation>
    </message>
    <message>
        <source>the first page</source>
        <translation>перша сторінка</translation>
    </message>
    <message>
        <source>the page after %1</source>
        <translation>сторінка після %1</translation>
    </message>
    <message>
        <source>the last</source>
        <translation>остання</translation>
    </message>
    <message>
        <source>more follow</source>
        <translation>далі є ще</translation>
    </message>
    <message>
        <source>Snapshot at %1 (the server&apos;s clock); %2, %3</source>
        <translation>Знімок на %1 (годинник сервера); %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запис</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записів</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a record to read its row whole: every column and the stored response body.</source>
        <translation>Виберіть запис, щоб прочитати його рядок повністю: кожен стовпець і збережене тіло відповіді.</translation>
    </message>
    <message>
        <source>Reading the row…</source>
        <translation>Читання рядка…</translation>
    </message>
    <message>
        <source>Read the table again and this page anew</source>
        <translation>Прочитати таблицю знову і цю сторінку заново</translation>
    </message>
    <message>
        <source>Read again at the interval chosen, until you stop it or a read fails</source>
        <translation>Читати знову з вибраним інтервалом, доки ви не зупините або читання не завершиться помилкою</translation>
    </message>
    <message>
        <source>The page before this one</source>
        <translation>Сторінка перед цією</translation>
    </message>
    <message>
        <source>The anomaly rules for this table (remembered for this server and table)</source>
        <translation>Правила аномалій для цієї таблиці (запам&apos;ятовуються для цього сервера й таблиці)</translation>
    </message>
    <message>
        <source>Write the snapshot on screen as the JSON report inspect --mysql --json prints</source>
        <translation>Записати знімок на екрані як звіт JSON, який друкує inspect --mysql --json</translation>
    </message>
    <message>
        <source>the newest page</source>
        <translation>найновіша сторінка</translation>
    </message>
    <message>
        <source>the page before %1</source>
        <translation>сторінка перед %1</translation>
    </message>
    <message>
        <source>older ones follow</source>
        <translation>далі є старіші</translation>
    </message>
    <message>
        <source>in key order</source>
        <translation>у порядку ключа</translation>
    </message>
    <message>
        <source>the newest first</source>
        <translation>спершу нові</translation>
    </message>
    <message>
        <source>by creation time</source>
        <translation>за часом створення</translation>
    </message>
    <message>
        <source>%1 on this page (%4); the axis counts from %2, the earliest time shown; now is %3 (the server&apos;s clock).</source>
        <translation>%1 на цій сторінці (%4); вісь відлічується від %2, найранішого показаного часу; зараз %3 (годинник сервера).</translation>
    </message>
    <message>
        <source>The first page in the order chosen (newest first: the newest records)</source>
        <translation>Перша сторінка у вибраному порядку (спершу нові: найновіші записи)</translation>
    </message>
    <message>
        <source>The page after this one&apos;s last row in the order chosen (newest first: older records)</source>
        <translation>Сторінка після останнього рядка цієї у вибраному порядку (спершу нові: старіші записи)</translation>
    </message>
    <message>
        <source>MariaDB at %1 (%2)</source>
        <translation>MariaDB на %1 (%2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; expire within %2 (the sweeper&apos;s next %2, until %3)</source>
        <translation>спливає найближчі %2: &lt;b&gt;%1&lt;/b&gt; (наступні %2 очищення, до %3)</translation>
    </message>
    <message>
        <source>the last page (the oldest records)</source>
        <translation>остання сторінка (найстаріші записи)</translation>
    </message>
    <message>
        <source>the last page</source>
        <translation>остання сторінка</translation>
    </message>
    <message>
        <source>the key order from &quot;%1&quot;</source>
        <translation>порядок ключа починаючи з «%1»</translation>
    </message>
    <message>
        <source>the records created at or after %1</source>
        <translation>записи, створені о %1 або пізніше</translation>
    </message>
    <message>
        <source>the page around the key &quot;%1&quot;</source>
        <translation>сторінка навколо ключа «%1»</translation>
    </message>
    <message>
        <source>a constant</source>
        <translation>константа</translation>
    </message>
    <message>
        <source>the text before the last &quot;%1&quot; of %2</source>
        <translation>текст до останнього «%1» у %2</translation>
    </message>
    <message>
        <source>the text after the last &quot;%1&quot; of %2</source>
        <translation>текст після останнього «%1» у %2</translation>
    </message>
    <message>
        <source>no record of the table %1 has the idempotency key &quot;%2&quot; (%3)</source>
        <translation>у таблиці %1 немає запису з ключем ідемпотентності «%2» (%3)</translation>
    </message>
    <message>
        <source>Also in this view: pages by creation time or newest first, anomalies counted per actor, a regenerated key&apos;s effects when the mapping names them, seeking to a key or a time, the last page and the sweeper&apos;s horizon. Not in this view of a MySQL table: cancelling a read while it runs (each read is bounded instead, by the statement bound and the deadline), and Previous goes back along the pages read rather than to the rows before.</source>
        <translation>Також у цьому поданні: сторінки за часом створення або спершу нові, аномалії з підрахунком за суб’єктами, ефекти заново створеного key, якщо mapping їх називає, перехід до ключа або до часу, остання сторінка й горизонт очищення. Немає в цьому поданні таблиці MySQL: скасування читання під час його виконання (натомість кожне читання обмежене лімітом запиту й крайнім строком), а «Попередня сторінка» повертає прочитаними сторінками, а не до рядків перед сторінкою.</translation>
    </message>
</context>
<context>
    <name>iw::RedisLiveConnectDialog</name>
    <message>
        <source>Connect to a live Redis</source>
        <translation>Підключення до робочого Redis</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in Redis: the keys matching a pattern, each read through a mapping. Only read commands are sent (SCAN with COUNT, never KEYS), so a user allowed +@read suffices; nothing is written.</source>
        <translation>Читання записів ідемпотентності, які сервіс зберігає в Redis: ключі, що відповідають шаблону, кожен читається через зіставлення. Надсилаються лише команди читання (SCAN з COUNT, ніколи KEYS), тож достатньо користувача з правом +@read; нічого не записується.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>redis://[user:password@]host:port/db  or  unix:///path?db=0</source>
        <translation>redis://[user:password@]host:port/db  або  unix:///path?db=0</translation>
    </message>
    <message>
        <source>A password typed here is used for this window only and never saved.</source>
        <translation>Введений тут пароль використовується лише в цьому вікні й ніколи не зберігається.</translation>
    </message>
    <message>
        <source>&amp;Match:</source>
        <translation>&amp;Шаблон:</translation>
    </message>
    <message>
        <source>empty: the mapping&apos;s pattern (idempotency:* and the like)</source>
        <translation>порожньо: шаблон зіставлення (idempotency:* тощо)</translation>
    </message>
    <message>
        <source>A SCAN MATCH glob pattern: the keys read as records</source>
        <translation>Шаблон SCAN MATCH: ключі, що читаються як записи</translation>
    </message>
    <message>
        <source>Ma&amp;pping:</source>
        <translation>Зі&amp;ставлення:</translation>
    </message>
    <message>
        <source>powertools-redis reads the hash fields or the JSON of the Powertools Redis layer; a mapping file can describe another layout (a hash per key, or a string holding JSON)</source>
        <translation>powertools-redis читає поля хешу або JSON шару Redis бібліотеки Powertools; файл зіставлення може описати інше розташування (хеш на ключ або рядок із JSON)</translation>
    </message>
    <message>
        <source>The mapping &quot;%1&quot; describes a table, not Redis keys: choose %2 or a mapping file with a &quot;redis&quot; member.</source>
        <translation>Зіставлення «%1» описує таблицю, а не ключі Redis: виберіть %2 або файл зіставлення з членом &quot;redis&quot;.</translation>
    </message>
</context>
<context>
    <name>iw::RedisLiveWindow</name>
    <message>
        <source>Redis deletes a key itself once its expiry passes: there is no sweeper for a record to wait for</source>
        <translation>Redis сам видаляє ключ, коли спливає його термін: записові нема на кого чекати — очищення немає</translation>
    </message>
    <message>
        <source>Reading the keyspace…</source>
        <translation>Читання простору ключів…</translation>
    </message>
    <message>
        <source>Live Redis — %1</source>
        <translation>Робочий Redis — %1</translation>
    </message>
    <message>
        <source>Scan the keyspace again and read this page anew</source>
        <translation>Знову просканувати простір ключів і перечитати цю сторінку</translation>
    </message>
    <message>
        <source>Scan again at the interval chosen, until you stop it or a read fails</source>
        <translation>Сканувати знову з вибраним інтервалом, доки ви не зупините або читання не завершиться помилкою</translation>
    </message>
    <message>
        <source>The page at scan cursor 0</source>
        <translation>Сторінка з курсора сканування 0</translation>
    </message>
    <message>
        <source>The page before this one, at the scan cursor it started at</source>
        <translation>Сторінка перед цією, з курсора сканування, з якого вона починалася</translation>
    </message>
    <message>
        <source>The page at the scan cursor this one ended at</source>
        <translation>Сторінка з курсора сканування, на якому закінчилася ця</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — keys matching &lt;b&gt;%2&lt;/b&gt;, read through the mapping &lt;b&gt;%3&lt;/b&gt;, read only</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — ключі за шаблоном &lt;b&gt;%2&lt;/b&gt;, прочитані через зіставлення &lt;b&gt;%3&lt;/b&gt;, лише читання</translation>
    </message>
    <message>
        <source>the server&apos;s clock</source>
        <translation>годинник сервера</translation>
    </message>
    <message>
        <source>this machine&apos;s clock: the user may not run TIME</source>
        <translation>годинник цієї машини: користувачеві не можна виконувати TIME</translation>
    </message>
    <message>
        <source>page from scan cursor %1, the last</source>
        <translation>сторінка з курсора сканування %1, остання</translation>
    </message>
    <message>
        <source>page from scan cursor %1, the next at %2</source>
        <translation>сторінка з курсора сканування %1, наступна з %2</translation>
    </message>
    <message>
        <source>Snapshot at %1 (%2); %3</source>
        <translation>Знімок на %1 (%2); %3</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Not checked on Redis keys: %1.</source>
        <translation>Не перевіряється на ключах Redis: %1.</translation>
    </message>
    <message>
        <source>suspected_key_regeneration stopped early: more fingerprints than it keeps in memory.</source>
        <translation>suspected_key_regeneration зупинено раніше: відбитків більше, ніж зберігається в пам’яті.</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <source>Unreadable keys: %1 — %2</source>
        <translation>Нечитні ключі: %1 — %2</translation>
    </message>
    <message>
        <source>The anomaly rules for these keys (remembered for this URL and pattern)</source>
        <translation>Правила аномалій для цих ключів (запам&apos;ятовуються для цього URL і шаблону)</translation>
    </message>
    <message>
        <source>Write the snapshot on screen as the JSON report inspect --redis prints</source>
        <translation>Записати знімок на екрані як JSON-звіт, який друкує inspect --redis</translation>
    </message>
    <message>
        <source>%1 on this page (by key name); the axis counts from %2, the earliest time shown; now is %3 (%4).</source>
        <translation>%1 на цій сторінці (за назвою ключа); вісь відлічується від %2, найранішого показаного часу; зараз %3 (%4).</translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln запис</numerusform>
            <numerusform>%Ln записи</numerusform>
            <numerusform>%Ln записів</numerusform>
        </translation>
    </message>
    <message>
        <source>this machine&apos;s clock</source>
        <translation>годинник цієї машини</translation>
    </message>
    <message>
        <source>Select a record to read its key whole: every field, its expiry and the stored response body.</source>
        <translation>Виберіть запис, щоб прочитати його ключ повністю: кожне поле, термін дії та збережене тіло відповіді.</translation>
    </message>
    <message>
        <source>Reading the key…</source>
        <translation>Читання ключа…</translation>
    </message>
    <message>
        <source>Not on a Redis keyspace: seeking by time or by key order, and a last page (a scan has no order of its own and only goes forward: pages follow the scan cursor, each shown by key name); the sweeper&apos;s horizon (Redis deletes a key itself once its expiry passes); effects (no business tables beside the keys).</source>
        <translation>Не застосовується до простору ключів Redis: перехід за часом або за порядком ключів і остання сторінка (сканування не має власного порядку й іде лише вперед: сторінки йдуть за курсором сканування, кожна показана за назвою ключа); горизонт очищення (Redis сам видаляє ключ, коли спливає його термін); ефекти (поруч із ключами немає бізнес-таблиць).</translation>
    </message>
    <message>
        <source>keys matching %1</source>
        <translation>ключі за шаблоном %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; records: %2 in progress, %3 completed, %4 expired · %5 keys scanned · %6 without expiry · %7 unreadable</source>
        <translation>Записів: &lt;b&gt;%1&lt;/b&gt;: у процесі %2, завершено %3, спливло %4 · проскановано ключів: %5 · без терміну: %6 · нечитних: %7</translation>
    </message>
</context>
</TS>
